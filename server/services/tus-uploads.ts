import type { Readable } from 'node:stream';
import { and, eq, lt } from 'drizzle-orm';
import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { FileKind } from '#contract/files.ts';
import type { MediaInfo } from '#contract/media.ts';
import type { Db } from '../db/client.ts';
import { tusUploads } from '../db/schema.ts';
import type { FileStore, TusParts } from '../lib/file-store.ts';
import { storedBytes } from '../lib/media-probe.ts';
import { checkMedia } from './media-files.ts';
import { checkContentType, newFileId, recordFile } from './uploads.ts';

export type TusUpload = typeof tusUploads.$inferSelect;
type Owner = { companyId: string; userId: string };

const STALE_MS = 24 * 60 * 60 * 1000;
export const fileUrlOf = (fileId: string, fileName: string) =>
  `/files/${fileId}/${encodeURIComponent(fileName)}`;

export async function createUpload(
  db: Db,
  parts: TusParts,
  owner: Owner,
  u: { kind: FileKind; fileName: string; length: number; now: Date },
) {
  const id = newFileId();
  const storeState = await parts.create(id);
  await db.insert(tusUploads).values({
    id,
    companyId: owner.companyId,
    ownerId: owner.userId,
    kind: u.kind,
    fileName: u.fileName,
    length: u.length,
    storeState,
    createdAt: u.now,
    updatedAt: u.now,
  });
  return id;
}

/** Only its creator (same company and user) sees an upload; anyone else gets "not found". */
export async function findOwnUpload(db: Db, id: string, owner: Owner) {
  const [row] = await db
    .select()
    .from(tusUploads)
    .where(
      and(
        eq(tusUploads.id, id),
        eq(tusUploads.companyId, owner.companyId),
        eq(tusUploads.ownerId, owner.userId),
      ),
    )
    .limit(1);
  return row;
}

/** Bytes received so far, as the store has them durably (a cut PATCH keeps what arrived). */
export async function offsetOf(parts: TusParts, u: TusUpload) {
  if (u.fileId) return u.length;
  return parts.offset(u.id, u.storeState);
}

async function readHead(source: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The last byte arrived (the caller holds the lease): the parts become the file, whose content
 * must prove an allowed type of the kind (415), a picture kind's file must decode (415), and an MP4 or MP3 must read as one and keep its
 * kind's media rules (media-files.ts: 415, or 422 for a video 720 lines high or more). A refused
 * file's bytes and upload are deleted. Then its `files` row is recorded, with the duration and
 * picture size read, and the lease ends.
 */
export async function completeUpload(db: Db, store: FileStore, u: TusUpload) {
  const fileId = newFileId();
  const key = await store.tus.finish(u.id, u.storeState, fileId);
  let mimeType: string;
  let media: MediaInfo | undefined;
  try {
    const head = await readHead(await store.read(key, { start: 0, end: SNIFF_BYTES - 1 }));
    mimeType = checkContentType(u.kind as FileKind, head, u.fileName);
    media = await checkMedia(storedBytes(store, key, u.length), u.kind as FileKind, mimeType);
  } catch (err) {
    await store.remove(key);
    await db.delete(tusUploads).where(eq(tusUploads.id, u.id));
    throw err;
  }
  return db.transaction(async (tx) => {
    const file = await recordFile(
      tx as unknown as Db,
      {
        id: fileId,
        companyId: u.companyId,
        ownerId: u.ownerId,
        kind: u.kind as FileKind,
        fileName: u.fileName,
        mimeType,
        size: u.length,
        storagePath: key,
      },
      media,
    );
    await tx
      .update(tusUploads)
      .set({ fileId, storeState: null, lockOwner: null, lockedUntil: null })
      .where(eq(tusUploads.id, u.id));
    return file;
  });
}

/**
 * Removes uploads untouched for 24 h: incomplete ones with their bytes, finished ones'
 * bookkeeping. A store that fails to delete some bytes is reported through `onError`; the row
 * goes anyway, so the next sweep does not trip over it again.
 */
export async function sweepStaleUploads(
  db: Db,
  parts: TusParts,
  now: Date,
  onError: (err: unknown, id: string) => void = () => {},
) {
  const stale = await db
    .delete(tusUploads)
    .where(lt(tusUploads.updatedAt, new Date(now.getTime() - STALE_MS)))
    .returning({ id: tusUploads.id, fileId: tusUploads.fileId, storeState: tusUploads.storeState });
  for (const u of stale) {
    if (!u.fileId) await parts.discard(u.id, u.storeState).catch((err) => onError(err, u.id));
  }
  return stale.length;
}
