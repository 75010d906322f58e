import { Badge, Box, Card, HStack, IconButton, Input, Switch, Text, Textarea } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import { FormField } from '@/ui/form/form-field';
import { translateIssue } from '@/ui/form/validation-messages';
import { FileField } from '@/ui/resource/fields/file-field';
import { TrashIcon } from '@/ui/resource/resource-icons';
import { formatPopupTime } from './popup-time';
import { type DraftErrors, type DraftProblem, durationOf, type VideoDraft } from './video-drafts';

type Props = {
  db: LocalDb;
  item: VideoDraft;
  index: number;
  count: number;
  readOnly: boolean;
  errors?: DraftErrors[string];
  onChange: (patch: Partial<VideoDraft>) => void;
  onProblem: (field: 'file' | 'thumbnail', message: string | null) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

export const problemText = (i18n: I18n, p: DraftProblem | undefined) =>
  p === undefined ? undefined : typeof p === 'string' ? translateIssue(i18n, p) : i18n._(p);

/** One video of a course: where it comes from, its texts, thumbnail, popup time and order. */
export function CourseVideoItem(props: Props) {
  const { db, item, index, count, readOnly, errors, onChange, onProblem, onMove, onRemove } = props;
  const { t, i18n } = useLingui();
  const [duration, setDuration] = useState<number | null>(null);
  const { videoId, file, durationSeconds } = item;
  useEffect(() => {
    let live = true;
    void durationOf(db, { videoId, file, durationSeconds }).then((d) => live && setDuration(d));
    return () => {
      live = false;
    };
  }, [db, videoId, file, durationSeconds]);
  const title = item.title || t`Video ${index + 1}`;
  const field = (name: string) => `videos.${index}.${name}`;
  return (
    <Card.Root as="li" size="sm" data-testid="course-video">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <HStack gap="2" minW="0">
            <Badge variant="solid" aria-hidden>
              {index + 1}
            </Badge>
            <Badge variant="subtle">
              {item.videoId ? <Trans>Library video</Trans> : <Trans>Uploaded video</Trans>}
            </Badge>
            <Text fontSize="sm" color="fg.muted" data-testid="video-duration">
              {duration !== null ? <Trans>Length {formatPopupTime(duration)}</Trans> : null}
            </Text>
          </HStack>
          {!readOnly && (
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t`Move ${title} up`}
                disabled={index === 0}
                data-move="up"
                onClick={() => onMove(-1)}
              >
                ↑
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t`Move ${title} down`}
                disabled={index === count - 1}
                data-move="down"
                onClick={() => onMove(1)}
              >
                ↓
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t`Remove ${title}`}
                onClick={onRemove}
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          )}
        </HStack>
        <Box
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
          gap="3"
          // Alt+Arrow moves the video while focus is inside it (the buttons do the same).
          onKeyDown={(e) => {
            if (readOnly || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            e.preventDefault();
            onMove(e.key === 'ArrowUp' ? -1 : 1);
          }}
        >
          {!item.videoId && (
            <FormField
              name={field('file')}
              label={t`Video file`}
              required
              error={problemText(i18n, errors?.file)}
              gridColumn="1 / -1"
            >
              <FileField
                db={db}
                kind="video"
                mode="file"
                value={item.file}
                label={t`Video file`}
                onChange={(file) => onChange({ file, durationSeconds: 0, fileSize: 0 })}
                onProblem={(m) => onProblem('file', m)}
              />
            </FormField>
          )}
          <FormField name={field('title')} label={t`Title`} required error={problemText(i18n, errors?.title)}>
            <Input
              value={item.title}
              readOnly={readOnly}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </FormField>
          <FormField
            name={field('popupSeconds')}
            label={t`Popup time (m:ss)`}
            required={false}
            helper={t`When the question pops up; empty for none.`}
            error={problemText(i18n, errors?.popup)}
          >
            <Input
              value={item.popupText}
              readOnly={readOnly}
              inputMode="numeric"
              placeholder="0:30"
              onChange={(e) => onChange({ popupText: e.target.value })}
            />
          </FormField>
          <FormField name={field('description')} label={t`Description`} required={false} gridColumn="1 / -1">
            <Textarea
              value={item.description}
              readOnly={readOnly}
              rows={2}
              onChange={(e) => onChange({ description: e.target.value })}
            />
          </FormField>
          <FormField
            name={field('thumbnail')}
            label={t`Thumbnail`}
            required={false}
            error={problemText(i18n, errors?.thumbnail)}
            gridColumn="1 / -1"
          >
            <FileField
              db={db}
              kind="cover"
              value={item.thumbnail}
              label={t`Thumbnail`}
              onChange={(thumbnail) => onChange({ thumbnail })}
              onProblem={(m) => onProblem('thumbnail', m)}
            />
          </FormField>
          <HStack gridColumn="1 / -1">
            <Switch.Root
              checked={item.allowDownload}
              disabled={readOnly}
              onCheckedChange={(e) => onChange({ allowDownload: e.checked })}
            >
              <Switch.HiddenInput name={field('allowDownload')} />
              <Switch.Control />
              <Switch.Label>
                <Trans>Allow download</Trans>
              </Switch.Label>
            </Switch.Root>
          </HStack>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
