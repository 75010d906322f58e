import { Box, Button, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ContentResource } from '#contract/resources/content.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { ViewerDialog } from '@/ui/dialog/viewer-dialog';
import { MediaPlayer } from '@/ui/media/media-player';
import { useFileFacts, useFileUrl } from '@/ui/resource/fields/use-file-url';
import { RichText } from '@/ui/rich-text/markdown';

type Props = { db: LocalDb; row: LocalRow; onClose: () => void };

/** Whether an article's file is a PDF: by the staged file's checked type, or the uploaded name. */
function useIsPdf(db: LocalDb, file: string) {
  const { name, staged } = useFileFacts(db, file);
  return staged ? staged.type === 'application/pdf' : /\.pdf$/i.test(name);
}

/**
 * The preview dialog of one content kind: plays a video or sound, or shows an article's text and
 * PDF, inside the console. A file still on this device (picked offline) plays from there; an
 * uploaded one streams with range requests, so seeking in a 150 MB video fetches only what plays.
 */
export const previewOf = (resource: ContentResource) =>
  function ContentPreview({ db, row, onClose }: Props) {
    const { t } = useLingui();
    const title = String(row.title ?? '');
    const file = String(row.file ?? '');
    const src = useFileUrl(db, file || undefined);
    const cover = useFileUrl(db, String(row.cover ?? '') || undefined);
    const pdf = useIsPdf(db, file);
    const body = String(row.body ?? '').trim();
    let player: React.ReactNode = null;
    if (src && resource !== 'Article') {
      player = (
        <MediaPlayer
          src={src}
          kind={resource === 'Video' ? 'video' : 'audio'}
          title={title}
          poster={cover}
          testId="preview-media"
        />
      );
    } else if (src && pdf) {
      player = (
        <Box
          as="iframe"
          {...{ src, title: t`PDF of ${title}` }}
          w="full"
          h={{ base: '70vh', md: '60vh' }}
          rounded="md"
          borderWidth="1px"
          data-testid="preview-pdf"
        />
      );
    } else if (src) {
      player = (
        <Button asChild variant="outline" alignSelf="flex-start">
          <a href={src} download>
            <Trans>Download the file</Trans>
          </a>
        </Button>
      );
    } else if (cover) {
      player = <Image src={cover} alt="" rounded="md" aspectRatio="16 / 9" objectFit="cover" />;
    }
    return (
      <ViewerDialog title={title} testId="content-preview" onClose={onClose}>
        <Stack gap="4">
          {player}
          {row.description ? <Text color="fg.muted">{String(row.description)}</Text> : null}
          {body && (
            <Box data-testid="article-body">
              <RichText source={body} />
            </Box>
          )}
          {!src && !body && <Text color="fg.muted">{t`This content has no file to show yet.`}</Text>}
        </Stack>
      </ViewerDialog>
    );
  };
