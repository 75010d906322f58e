import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { FileKind } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { acceptOf, maxMegabytes, typeNamesOf } from '@/data/uploads/file-check';
import { FileRejectedError, stagedBlobId, stageFile } from '@/data/uploads/uploads';
import { UploadProgress } from '@/ui/resource/fields/upload-progress';
import { useFileFacts } from '@/ui/resource/fields/use-file-url';
import { idList } from '@/ui/resource/form/form-values';
import { TrashIcon } from '@/ui/resource/resource-icons';

type Props = {
  db: LocalDb;
  kind: FileKind;
  /** JSON list of file references (staged `blob:<id>` or uploaded URLs). */
  value: string;
  label: string;
  max: number;
  onChange: (value: string) => void;
  onProblem: (message: string | null) => void;
};

/**
 * Several files (a lesson's attachments): each picked file is checked and staged on this device
 * like a single file (file-check.ts, stageFile); the list holds their references in order.
 */
export function FilesField({ db, kind, value, label, max, onChange, onProblem }: Props) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refs = idList(value);

  async function add(picked: File[]) {
    if (!picked.length) return;
    setBusy(true);
    const added: string[] = [];
    let problem: string | null = null;
    for (const file of picked.slice(0, Math.max(0, max - refs.length))) {
      try {
        added.push((await stageFile(db, file, kind)).ref);
      } catch (error) {
        problem =
          error instanceof FileRejectedError
            ? `${file.name}: ${i18n._(error.descriptor)}`
            : error instanceof StorageFullError
              ? t`This device has no room left for the file. Free some space and try again.`
              : t`The file could not be kept on this device.`;
      }
    }
    if (picked.length > max - refs.length) problem = t`At most ${max} files can be attached.`;
    onProblem(problem);
    if (added.length) onChange(JSON.stringify([...refs, ...added]));
    setBusy(false);
  }

  return (
    <Stack gap="2">
      {refs.map((ref) => (
        <AttachedFile
          key={ref}
          db={db}
          fileRef={ref}
          onRemove={() => onChange(JSON.stringify(refs.filter((r) => r !== ref)))}
        />
      ))}
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          disabled={refs.length >= max}
          onClick={() => input.current?.click()}
        >
          <Trans>Attach files</Trans>
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {t`${typeNamesOf(kind).join(', ')}, under ${maxMegabytes(kind)} MB each, at most ${max} files.`}
        </Text>
      </HStack>
      <input
        ref={input}
        type="file"
        multiple
        accept={acceptOf(kind)}
        hidden
        aria-label={label}
        data-testid="files-input"
        onChange={(e) => {
          void add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </Stack>
  );
}

function AttachedFile({ db, fileRef, onRemove }: { db: LocalDb; fileRef: string; onRemove: () => void }) {
  const { t } = useLingui();
  const { name } = useFileFacts(db, fileRef);
  return (
    <Stack gap="1" borderWidth="1px" rounded="md" p="2" data-testid="attached-file">
      <HStack justify="space-between" gap="2">
        <Text fontSize="sm" wordBreak="break-all">
          {name}
        </Text>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t`Remove ${name}`}
          onClick={onRemove}
        >
          <TrashIcon />
        </IconButton>
      </HStack>
      {stagedBlobId(fileRef) && <UploadProgress db={db} fileRef={fileRef} />}
    </Stack>
  );
}
