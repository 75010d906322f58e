import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { v7 } from 'uuid';
import { MAX_COURSE_VIDEOS } from '#contract/resources/course.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';
import { translateIssue } from '@/ui/form/validation-messages';
import { STORAGE_FULL } from '@/ui/resource/form/write-error';
import { PlusIcon } from '@/ui/resource/resource-icons';
import { toaster } from '@/ui/toaster';
import { CoursePageFrame } from './course-page-frame';
import { CourseVideoItem } from './course-video-item';
import { formatPopupTime } from './popup-time';
import { RecordPickerDialog } from './record-picker-dialog';
import { checkDrafts, type DraftErrors, fromDrafts, toDrafts, type VideoDraft } from './video-drafts';

/** /home/assignment-course/video-list?course={id}: the course's videos, in order. */
export default function CourseVideosPage() {
  const { t } = useLingui();
  return (
    <CoursePageFrame title={t`Videos`}>
      {({ db, course, canUpdate }) => (
        <CourseVideos key={course.id} db={db} course={course} canUpdate={canUpdate} />
      )}
    </CoursePageFrame>
  );
}

const emptyUpload = (): VideoDraft => ({
  id: v7(),
  videoId: null,
  file: '',
  title: '',
  description: '',
  thumbnail: '',
  popupSeconds: null,
  allowDownload: false,
  durationSeconds: 0,
  fileSize: 0,
  popupText: '',
});

/**
 * The whole list is one field of the Course record: edits stay here until "Save", which queues
 * one update of the course through the outbox (offline too); its uploads go first (tus).
 */
function CourseVideos({ db, course, canUpdate }: { db: LocalDb; course: LocalRow; canUpdate: boolean }) {
  const { t, i18n } = useLingui();
  const [base, setBase] = useState(() => JSON.stringify(course.videos ?? []));
  const [drafts, setDrafts] = useState(() => toDrafts(course.videos));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<VideoDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(fromDrafts(drafts)) !== base;
  useUnsavedWork(dirty);
  // A change that arrives from elsewhere (a pull, another tab) shows while nothing is being edited.
  const stored = JSON.stringify(course.videos ?? []);
  useEffect(() => {
    if (stored !== base && !dirty) {
      setBase(stored);
      setDrafts(toDrafts(JSON.parse(stored)));
    }
  }, [stored, base, dirty]);

  const update = (id: string, patch: Partial<VideoDraft>) => {
    setDrafts((list) => list.map((d) => (d.id === id ? { ...d, ...patch } : d)));
    setErrors(({ [id]: _, ...rest }) => rest);
  };
  function move(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= drafts.length) return;
    const next = [...drafts];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setDrafts(next);
    // Keep the keyboard on the moved video's same button.
    const dir = delta < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const items = document.querySelectorAll<HTMLElement>('[data-testid="course-video"]');
      const button = items[to]?.querySelector<HTMLButtonElement>(`[data-move="${dir}"]`);
      (button && !button.disabled
        ? button
        : items[to]?.querySelector<HTMLButtonElement>('[data-move]')
      )?.focus();
    });
  }
  function addFromLibrary(video: LocalRow) {
    setPicking(false);
    setDrafts((list) => [
      ...list,
      {
        ...emptyUpload(),
        videoId: video.id,
        title: String(video.title ?? ''),
        description: String(video.description ?? '').slice(0, 2000),
        durationSeconds: Number(video.seconds ?? 0),
        fileSize: Number(video.fileSize ?? 0),
      },
    ]);
  }

  async function save() {
    setProblem(null);
    const { errors: found } = await checkDrafts(db, drafts);
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem(t`Some videos need attention: see the messages below.`);
      return;
    }
    setSaving(true);
    try {
      const videos = fromDrafts(drafts);
      await mutate(db, { resource: 'Course', op: 'update', payload: { id: course.id, videos } });
      setBase(JSON.stringify(videos));
      toaster.create({ type: 'success', title: t`Course videos saved.` });
    } catch (error) {
      const refused = fieldErrorsOf(error);
      if (refused)
        setProblem(
          Object.values(refused)
            .map((m) => translateIssue(i18n, m))
            .join(' '),
        );
      else if (error instanceof StorageFullError) setProblem(i18n._(STORAGE_FULL));
      else setProblem(t`The change could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  }

  const chosen = new Set(drafts.map((d) => d.videoId).filter(Boolean));
  const full = drafts.length >= MAX_COURSE_VIDEOS;
  const removingTitle = removing?.title || t`Untitled video`;
  return (
    <Stack gap="4">
      {canUpdate && (
        <HStack gap="2" wrap="wrap">
          <Button size="sm" onClick={() => setPicking(true)} disabled={full}>
            <PlusIcon />
            <Trans>Add from the library</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={full}
            onClick={() => setDrafts((l) => [...l, emptyUpload()])}
          >
            <PlusIcon />
            <Trans>Upload a video</Trans>
          </Button>
        </HStack>
      )}
      {drafts.length === 0 ? (
        <Text color="fg.muted" data-testid="no-videos">
          <Trans>No data available</Trans>
          {canUpdate ? ' · ' : ''}
          {canUpdate && <Trans>Add videos from the library or upload one.</Trans>}
        </Text>
      ) : (
        <Stack
          as="ol"
          gap="3"
          listStyleType="none"
          m="0"
          p="0"
          aria-label={t`Videos of the course, in order`}
        >
          {drafts.map((d, i) => (
            <CourseVideoItem
              key={d.id}
              db={db}
              item={d}
              index={i}
              count={drafts.length}
              readOnly={!canUpdate}
              errors={errors[d.id]}
              onChange={(patch) => update(d.id, patch)}
              onProblem={(field, message) =>
                setErrors((all) => ({ ...all, [d.id]: { ...all[d.id], [field]: message ?? undefined } }))
              }
              onMove={(delta) => move(i, delta)}
              onRemove={() => setRemoving(d)}
            />
          ))}
        </Stack>
      )}
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {canUpdate && (
        <HStack justify="flex-end" gap="2">
          <Button
            variant="outline"
            disabled={!dirty || saving}
            onClick={() => {
              setDrafts(toDrafts(JSON.parse(base)));
              setErrors({});
              setProblem(null);
            }}
          >
            <Trans>Discard changes</Trans>
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="save-videos">
            <Trans>Save videos</Trans>
          </Button>
        </HStack>
      )}
      <RecordPickerDialog
        db={db}
        open={picking}
        title={t`Add a video from the library`}
        resource="Video"
        choosable={(row) => !chosen.has(row.id)}
        label={(row) => String(row.title ?? '')}
        detail={(row) => (row.seconds ? t`Length ${formatPopupTime(Number(row.seconds))}` : '')}
        onPick={addFromLibrary}
        onClose={() => setPicking(false)}
        testId="video-picker"
      />
      <ConfirmDialog
        open={!!removing}
        title={t`Remove this video from the course?`}
        confirmLabel={t`Remove`}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing?.id;
          setRemoving(null);
          setDrafts((list) => list.filter((d) => d.id !== id));
        }}
      >
        <Text>
          <Trans>“{removingTitle}” will be removed when you save. The library video itself is kept.</Trans>
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
