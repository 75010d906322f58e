import { randomUUID } from 'node:crypto';
import { STATUS } from '#contract/envelope.ts';
import { sniffMimeType } from '#contract/file-signatures.ts';
import {
  extensionOf,
  extensionsOf,
  FILE_KINDS,
  type FileKind,
  tooLargeMessage,
  type UploadedFile,
} from '#contract/files.ts';
import type { MediaInfo } from '#contract/media.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { safeFileName, typeLabel } from '../lib/file-types.ts';
import { notMediaMessage } from './media-files.ts';

export const tooLarge = (kind: FileKind) =>
  new ApiError(413, STATUS.tooLarge, tooLargeMessage(kind), { maxBytes: FILE_KINDS[kind].maxBytes });

/** The name's extension must be one of the kind's (the console's file check, again). */
export function checkFileName(kind: FileKind, fileName: string) {
  const extensions = extensionsOf(kind);
  if (extensions.includes(extensionOf(fileName))) return;
  throw new ApiError(
    415,
    STATUS.unsupportedType,
    `The file name must end in one of .${extensions.join(', .')} for a ${kind} upload; got "${fileName}".`,
    { allowedExtensions: extensions },
  );
}

/**
 * The type proven by the content, if `kind` allows it and the name agrees (checkFileName): the
 * name alone is never trusted, nor the content alone.
 */
export function checkContentType(kind: FileKind, head: Uint8Array, fileName: string) {
  checkFileName(kind, fileName);
  const mime = sniffMimeType(head);
  const allowed: readonly string[] = FILE_KINDS[kind].types;
  if (mime && allowed.includes(mime)) return mime;
  const expected = [...new Set(allowed.map(typeLabel))].join(', ');
  throw new ApiError(
    415,
    STATUS.unsupportedType,
    notMediaMessage(kind) ??
      `The file's content is not an allowed type for a ${kind} upload (allowed: ${expected}). ` +
        'Its content was checked, not its name.',
    { detected: mime ?? null, allowed },
  );
}

/**
 * A random v4 UUID (122 random bits, nothing guessable). The file is served at /files/<id>/<name>
 * only with a bearer of its company or a signed URL (routes/file-serve.ts).
 */
export const newFileId = () => randomUUID();

/** Records a stored file; `db` may be a transaction (the demo seed records inside its own). */
export async function recordFile(
  db: Pick<Db, 'insert'>,
  f: {
    id: string;
    companyId: string;
    /** Null for the platform's own files (the content store), which no user uploaded. */
    ownerId: string | null;
    kind: FileKind;
    fileName: string;
    mimeType: string;
    size: number;
    storagePath: string;
  },
  media?: MediaInfo,
): Promise<UploadedFile> {
  const fileName = safeFileName(f.fileName);
  await db.insert(files).values({ ...f, fileName, ...media });
  return {
    id: f.id,
    url: `/files/${f.id}/${encodeURIComponent(fileName)}`,
    fileName,
    mimeType: f.mimeType,
    size: f.size,
    ...media,
  };
}
