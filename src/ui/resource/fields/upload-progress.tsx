import { HStack, Progress, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalDb } from '@/data/db/local-db';
import { type UploadEntry, uploadsOf } from '@/data/uploads/upload-types';
import { stagedBlobId } from '@/data/uploads/uploads';
import { translateIssue } from '@/ui/form/validation-messages';
import { formatBytes } from '@/ui/resource/list/display-text';

export type UploadView = Pick<UploadEntry, 'name' | 'size' | 'offset' | 'state' | 'error'>;

/** One upload's bar: state, percent and bytes; the end (uploaded or refused) is announced politely. */
export function UploadProgressBar({ upload }: { upload: UploadView }) {
  const { t, i18n } = useLingui();
  const sent = upload.state === 'done' ? upload.size : Math.min(upload.offset, upload.size);
  const percent = upload.size ? Math.floor((sent / upload.size) * 100) : 100;
  const bytes = `${formatBytes(sent, i18n.locale)} / ${formatBytes(upload.size, i18n.locale)}`;
  const pct = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(percent / 100);
  const stateText = {
    queued: t`Waiting to upload`,
    uploading: t`Uploading`,
    done: t`Uploaded`,
    // The server's refusal is a contract sentence (a video too high, not a real MP4): translated.
    failed: t`Upload refused: ${translateIssue(i18n, upload.error?.message ?? '')}`,
  }[upload.state];
  const failed = upload.state === 'failed';
  return (
    <Progress.Root
      value={failed ? null : percent}
      locale={i18n.locale}
      size="sm"
      colorPalette={failed ? 'red' : upload.state === 'done' ? 'green' : 'blue'}
      translations={{ value: () => `${upload.name}: ${stateText}, ${pct}, ${bytes}` }}
      data-testid="upload-progress"
      data-state={upload.state}
      w="full"
      maxW="sm"
    >
      <HStack justify="space-between" gap="2" mb="1">
        <Progress.Label fontSize="xs" truncate>
          {stateText}
        </Progress.Label>
        <Text fontSize="xs" color="fg.muted" aria-hidden>
          {failed ? bytes : `${pct} · ${bytes}`}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Text srOnly aria-live="polite">
        {upload.state === 'done' || failed ? stateText : ''}
      </Text>
    </Progress.Root>
  );
}

/** The bar of a file field's staged file (nothing for an uploaded URL); live across tabs. */
export function UploadProgress({ db, fileRef }: { db: LocalDb; fileRef: string }) {
  const id = stagedBlobId(fileRef);
  const upload = useLiveQuery(() => (id ? uploadsOf(db).get(id) : undefined), [db, id]);
  if (!upload?.state) return null;
  return <UploadProgressBar upload={upload} />;
}
