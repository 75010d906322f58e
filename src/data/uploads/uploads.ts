import type { MessageDescriptor } from '@lingui/core';
import { v7 } from 'uuid';
import type { FileKind } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { isQuotaError, StorageFullError } from '@/data/outbox/outbox-errors';
import { checkFile, type FileProblem, fileProblemMessage } from '@/data/uploads/file-check';
import { uploadsOf } from '@/data/uploads/upload-types';

/**
 * The seam between forms and uploads. A picked file is checked, kept as a Blob in the local
 * database and referenced as `blob:<id>`; the upload queue (upload-queue.ts) sends it with tus
 * and swaps the reference for the uploaded file's URL before the record is sent.
 */
export const STAGED_PREFIX = 'blob:';

/** The file breaks its kind's rules; `descriptor` is the translated sentence to show. */
export class FileRejectedError extends Error {
  readonly reason: FileProblem;
  readonly descriptor: MessageDescriptor;
  constructor(reason: FileProblem, kind: FileKind) {
    super(reason);
    this.name = 'FileRejectedError';
    this.reason = reason;
    this.descriptor = fileProblemMessage(reason, kind);
  }
}

/** The staged blob's id of a field value, or null for a URL of an uploaded file. */
export const stagedBlobId = (ref: string) =>
  ref.startsWith(STAGED_PREFIX) && !ref.includes('/') ? ref.slice(STAGED_PREFIX.length) : null;

/**
 * Atomic: the Blob is stored, queued for upload, in one transaction or not at all (quota ->
 * StorageFullError). Checks the file first (file-check.ts; FileRejectedError).
 */
export async function stageFile(
  db: LocalDb,
  file: File,
  kind: FileKind,
): Promise<{ ref: string; previewUrl: string }> {
  const rejected = await checkFile(kind, file);
  if (rejected) throw new FileRejectedError(rejected, kind);
  const id = v7();
  try {
    await db.transaction('rw', db.blobs, () =>
      uploadsOf(db).add({
        id,
        blob: file,
        name: file.name,
        type: file.type,
        createdAt: Date.now(),
        kind,
        size: file.size,
        state: 'queued',
        offset: 0,
      }),
    );
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
  return { ref: `${STAGED_PREFIX}${id}`, previewUrl: URL.createObjectURL(file) };
}

/** The staged Blob behind a field value while its bytes are on this device (not once uploaded). */
export async function readStagedFile(db: LocalDb, ref: string): Promise<Blob | null> {
  const id = stagedBlobId(ref);
  const entry = id ? await uploadsOf(db).get(id) : undefined;
  return entry && entry.state !== 'done' ? entry.blob : null;
}

/** A displayable URL of an uploaded staged file (a form may still hold `blob:<id>` after the swap). */
export async function uploadedUrlOf(db: LocalDb, ref: string): Promise<string | null> {
  const id = stagedBlobId(ref);
  return (id && (await uploadsOf(db).get(id))?.fileUrl) || null;
}
