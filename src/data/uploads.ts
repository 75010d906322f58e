import { v7 } from 'uuid';
import type { LocalDb } from '@/data/local-db';
import { isQuotaError, StorageFullError } from '@/data/outbox-errors';
import { FILE_KINDS, type FileKind } from '../../contract/files.ts';

/**
 * The seam between forms and uploads. For now a picked file is only kept as a Blob in the local
 * database; the resumable-upload engine replaces these internals (upload with tus, then swap the
 * `blob:` reference for the uploaded file's URL before the record is sent).
 */
export const STAGED_PREFIX = 'blob:';

export class FileRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileRejectedError';
  }
}

/** The staged blob's id of a field value, or null for a URL of an uploaded file. */
export const stagedBlobId = (ref: string) =>
  ref.startsWith(STAGED_PREFIX) && !ref.includes('/') ? ref.slice(STAGED_PREFIX.length) : null;

/** Atomic: the Blob is stored in one transaction or not at all (quota -> StorageFullError). */
export async function stageFile(
  db: LocalDb,
  file: File,
  kind: FileKind,
): Promise<{ ref: string; previewUrl: string }> {
  const rule = FILE_KINDS[kind];
  if (!(rule.types as readonly string[]).includes(file.type)) throw new FileRejectedError('type');
  if (file.size > rule.maxBytes) throw new FileRejectedError('size');
  const id = v7();
  try {
    await db.transaction('rw', db.blobs, () =>
      db.blobs.add({ id, blob: file, name: file.name, type: file.type, createdAt: Date.now() }),
    );
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
  return { ref: `${STAGED_PREFIX}${id}`, previewUrl: URL.createObjectURL(file) };
}

/** The staged Blob behind a field value, if it is still waiting on this device. */
export async function readStagedFile(db: LocalDb, ref: string): Promise<Blob | null> {
  const id = stagedBlobId(ref);
  return id ? ((await db.blobs.get(id))?.blob ?? null) : null;
}
