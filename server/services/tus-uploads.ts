import { open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, lt } from 'drizzle-orm';
import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { FileKind } from '#contract/files.ts';
import type { Db } from '../db/client.ts';
import { tusUploads } from '../db/schema.ts';
import { checkContentType, newFileId, recordFile } from './uploads.ts';

export type TusUpload = typeof tusUploads.$inferSelect;
type Owner = { companyId: string; userId: string };

const STALE_MS = 24 * 60 * 60 * 1000;
export const partPath = (dir: string, id: string) => join(dir, id);
export const fileUrlOf = (fileId: string, fileName: string) =>
  `/files/${fileId}/${encodeURIComponent(fileName)}`;

export async function createUpload(
  db: Db,
  dir: string,
  owner: Owner,
  u: { kind: FileKind; fileName: string; length: number; now: Date },
) {
  const id = newFileId();
  await db.insert(tusUploads).values({
    id,
    companyId: owner.companyId,
    ownerId: owner.userId,
    kind: u.kind,
    fileName: u.fileName,
    length: u.length,
    createdAt: u.now,
    updatedAt: u.now,
  });
  await writeFile(partPath(dir, id), '', { flag: 'wx' });
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

/** Bytes received so far: the part file on disk is the truth, so a cut PATCH keeps what arrived. */
export async function offsetOf(dir: string, u: TusUpload) {
  if (u.fileId) return u.length;
  return (await stat(partPath(dir, u.id)).catch(() => null))?.size;
}

export const touchUpload = (db: Db, id: string, now: Date) =>
  db.update(tusUploads).set({ updatedAt: now }).where(eq(tusUploads.id, id));

export async function discardUpload(db: Db, dir: string, id: string) {
  await rm(partPath(dir, id), { force: true });
  await db.delete(tusUploads).where(eq(tusUploads.id, id));
}

/**
 * The last byte arrived: the content must prove an allowed type of the kind (415 and the upload
 * is deleted otherwise); then the file moves in place and its `files` row is recorded.
 */
export async function completeUpload(db: Db, dirs: { tus: string; files: string }, u: TusUpload) {
  const part = partPath(dirs.tus, u.id);
  const head = Buffer.alloc(SNIFF_BYTES);
  const handle = await open(part, 'r');
  const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0).finally(() => handle.close());
  let mimeType: string;
  try {
    mimeType = checkContentType(u.kind as FileKind, head.subarray(0, bytesRead));
  } catch (err) {
    await discardUpload(db, dirs.tus, u.id);
    throw err;
  }
  const fileId = newFileId();
  await rename(part, join(dirs.files, fileId));
  return db.transaction(async (tx) => {
    const file = await recordFile(tx as unknown as Db, {
      id: fileId,
      companyId: u.companyId,
      ownerId: u.ownerId,
      kind: u.kind as FileKind,
      fileName: u.fileName,
      mimeType,
      size: u.length,
      storagePath: fileId,
    });
    await tx.update(tusUploads).set({ fileId }).where(eq(tusUploads.id, u.id));
    return file;
  });
}

/** Removes uploads untouched for 24 h: incomplete ones with their bytes, finished ones' bookkeeping. */
export async function sweepStaleUploads(db: Db, dir: string, now: Date) {
  const stale = await db
    .delete(tusUploads)
    .where(lt(tusUploads.updatedAt, new Date(now.getTime() - STALE_MS)))
    .returning({ id: tusUploads.id, fileId: tusUploads.fileId });
  for (const u of stale) if (!u.fileId) await rm(partPath(dir, u.id), { force: true });
  return stale.length;
}
