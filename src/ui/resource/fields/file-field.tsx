import { Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { FILE_KINDS, type FileKind, type FileRule } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import {
  acceptOf,
  checkFile,
  fileProblemMessage,
  maxMegabytes,
  typeNamesOf,
} from '@/data/uploads/file-check';
import { FileRejectedError, stageFile } from '@/data/uploads/uploads';
import { compressCanvas, croppedFile, cropToCanvas, type PixelArea } from '@/ui/image/crop-image';
import { LazyImageCropDialog } from '@/ui/image/lazy-image-crop-dialog';
import { UploadProgress } from '@/ui/resource/fields/upload-progress';
import { useFileFacts, useFileUrl } from '@/ui/resource/fields/use-file-url';
import { formatBytes } from '@/ui/resource/list/display-text';

type Props = {
  db: LocalDb;
  kind: FileKind;
  value: string;
  label: string;
  onChange: (ref: string) => void;
  onProblem: (message: string | null) => void;
  /** `file`: a document or media, shown by its name and size instead of a picture. */
  mode?: 'image' | 'file';
};

/** Picks a file, checks it (file-check.ts, inside stageFile) and stages it on this device for upload. */
export function FileField({ db, kind, value, label, onChange, onProblem, mode = 'image' }: Props) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const src = useFileUrl(db, value);
  const types = typeNamesOf(kind).join(', ');
  const mb = maxMegabytes(kind);

  const [cropping, setCropping] = useState<{ file: File; url: string } | null>(null);
  const crop = (FILE_KINDS[kind] as FileRule).crop;

  /** A picture of a cropped kind (covers) is checked, then cropped and compressed, then staged. */
  async function pick(file: File | undefined) {
    if (!file) return;
    if (!crop) return choose(file);
    const rejected = await checkFile(kind, file);
    if (rejected) return onProblem(i18n._(fileProblemMessage(rejected, kind)));
    setCropping({ file, url: URL.createObjectURL(file) });
  }

  async function cropped(area: PixelArea) {
    if (!cropping) return;
    const { file, url } = cropping;
    setCropping(null);
    setBusy(true);
    try {
      const blob = await compressCanvas(await cropToCanvas(url, area));
      await choose(croppedFile(blob, file.name));
    } catch {
      onProblem(t`The image could not be read. Please choose another one.`);
    } finally {
      URL.revokeObjectURL(url);
      setBusy(false);
    }
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const { ref, previewUrl } = await stageFile(db, file, kind);
      URL.revokeObjectURL(previewUrl); // the preview is read back from the staged Blob
      onProblem(null);
      onChange(ref);
    } catch (error) {
      onProblem(
        error instanceof FileRejectedError
          ? i18n._(error.descriptor)
          : error instanceof StorageFullError
            ? t`This device has no room left for the file. Free some space and try again.`
            : t`The file could not be kept on this device.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'center' }}>
      {mode === 'image' && (
        <Box w={{ base: 'full', sm: '48' }} aspectRatio="16 / 9" bg="bg.muted" rounded="md" overflow="hidden">
          {src && <Image src={src} alt={label} w="full" h="full" objectFit="cover" />}
        </Box>
      )}
      <Stack gap="1" minW="0">
        {mode === 'file' && value && <FileName db={db} value={value} />}
        <HStack>
          <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
            {mode === 'file' ? (
              value ? (
                <Trans>Change file</Trans>
              ) : (
                <Trans>Choose file</Trans>
              )
            ) : value ? (
              <Trans>Change image</Trans>
            ) : (
              <Trans>Choose image</Trans>
            )}
          </Button>
          {mode === 'file' && value && (
            <Button size="sm" variant="ghost" onClick={() => onChange('')}>
              <Trans>Remove</Trans>
            </Button>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          <Trans>
            {types}, under {mb} MB.
          </Trans>
        </Text>
        {value && <UploadProgress db={db} fileRef={value} />}
      </Stack>
      <input
        ref={input}
        type="file"
        accept={acceptOf(kind)}
        hidden
        aria-label={label}
        data-testid="file-input"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <LazyImageCropDialog
        src={cropping?.url ?? null}
        onConfirm={(area) => void cropped(area)}
        onCancel={() => {
          if (cropping) URL.revokeObjectURL(cropping.url);
          setCropping(null);
        }}
      />
    </Stack>
  );
}

/** The name (and size) of the chosen file. */
function FileName({ db, value }: { db: LocalDb; value: string }) {
  const { i18n } = useLingui();
  const { name, staged } = useFileFacts(db, value);
  if (!name) return null;
  return (
    <Text fontSize="sm" fontWeight="medium" wordBreak="break-all" data-testid="chosen-file">
      {name}
      {staged ? ` · ${formatBytes(staged.size, i18n.locale)}` : ''}
    </Text>
  );
}
