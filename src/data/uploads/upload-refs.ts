import { fileRefsOf, replaceFileRef } from '#contract/file-refs.ts';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { OutboxEntry, OutboxProblem } from '@/data/db/local-types';
import { announceOutboxChange } from '@/data/outbox/outbox-signal';
import type { UploadedBlob } from '@/data/uploads/tus-client';
import { type UploadProblem, uploadsOf } from '@/data/uploads/upload-types';
import { stagedBlobId } from '@/data/uploads/uploads';

const TABLES = ['outbox', 'blobs', ...RESOURCE_NAMES];

/** The file fields of an entry that still hold a staged file, with the blob id of each. */
export function stagedRefsOf(
  entry: Pick<OutboxEntry, 'resource' | 'payload'>,
): { field: string; id: string }[] {
  return fileRefsOf(RESOURCES[entry.resource], entry.payload).flatMap((ref) => {
    const id = stagedBlobId(ref.url);
    return id ? [{ field: ref.path, id }] : [];
  });
}

/** Gate of the push: an entry waits while one of its files is not uploaded. */
export const awaitsUpload = (entry: OutboxEntry) => stagedRefsOf(entry).length > 0;

/** Entries that reference the blob (any state), oldest first. */
async function dependents(db: LocalDb, blobId: string) {
  const all = await db.outbox.orderBy('seq').toArray();
  return all.filter((e) => stagedRefsOf(e).some((r) => r.id === blobId));
}

/**
 * Atomic: the upload is marked done and every `blob:<id>` in file fields of the outbox entries and
 * their rows becomes the file URL, in one transaction. Idempotent (a second call finds nothing to
 * swap). The Blob itself is dropped: the server has the bytes.
 */
export async function completeUpload(db: LocalDb, blobId: string, done: UploadedBlob) {
  const ref = `blob:${blobId}`;
  await db.transaction('rw', TABLES, async () => {
    const entry = await uploadsOf(db).get(blobId);
    if (entry) {
      await uploadsOf(db).put({
        ...entry,
        blob: entry.blob.slice(0, 0, entry.type),
        state: 'done',
        offset: entry.size,
        uploadUrl: done.uploadUrl,
        fileUrl: done.fileUrl,
        fileId: done.fileId,
        error: undefined,
      });
    }
    for (const e of await dependents(db, blobId)) {
      const def = RESOURCES[e.resource];
      await db.outbox.update(e.seq!, {
        payload: { ...e.payload, ...replaceFileRef(def, e.payload, ref, done.fileUrl) },
      });
      const row = await db.rows(e.resource).get(e.recordId);
      if (row) await db.rows(e.resource).put({ ...row, ...replaceFileRef(def, row, ref, done.fileUrl) });
    }
  });
  announceOutboxChange(db.name);
}

/**
 * Atomic: the upload is marked failed and its pending dependents are parked with the server's
 * message (the sync page shows them; edit-and-retry can pick another file). Idempotent.
 */
export async function failUpload(db: LocalDb, blobId: string, error: UploadProblem | null) {
  await db.transaction('rw', TABLES, async () => {
    const entry = await uploadsOf(db).get(blobId);
    const reason = error ?? entry?.error ?? { httpStatus: 410, message: MISSING_FILE };
    if (entry) await uploadsOf(db).update(blobId, { state: 'failed', error: reason });
    const problem: OutboxProblem = {
      httpStatus: reason.httpStatus,
      status: reason.httpStatus,
      message: reason.message,
    };
    for (const e of await dependents(db, blobId)) {
      if (e.state === 'pending') await db.outbox.update(e.seq!, { state: 'parked', problem });
    }
  });
  announceOutboxChange(db.name);
}

export const MISSING_FILE = 'The file is no longer on this device. Choose it again.';

/** A staged file no change points at is kept this long (a form may still be open on it). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Frees files left behind: staged in a form that was closed without saving, or uploaded and
 * swapped for their URL everywhere. A file that any outbox entry or local row still names as
 * `blob:<id>` is never touched, nor one younger than the grace period. Returns how many went.
 */
export async function pruneOrphanBlobs(db: LocalDb, now = Date.now()): Promise<number> {
  // Usually no staged file is old enough: then nothing else is read. The full pass below walks
  // every row with a file field (tens of thousands of assessments in a large company) in a
  // transaction that holds up every read of the console, so it runs only when it may free one.
  const old = (b: { createdAt?: number }) => now - (b.createdAt ?? 0) >= ORPHAN_GRACE_MS;
  if (!(await uploadsOf(db).toArray()).some(old)) return 0;
  return db.transaction('rw', TABLES, async () => {
    const referenced = new Set<string>();
    for (const e of await db.outbox.toArray()) for (const r of stagedRefsOf(e)) referenced.add(r.id);
    for (const resource of RESOURCE_NAMES) {
      const def = RESOURCES[resource];
      if (!def.files && !def.listFiles) continue;
      await db.rows(resource).each((row) => {
        for (const ref of fileRefsOf(def, row)) {
          const id = stagedBlobId(ref.url);
          if (id) referenced.add(id);
        }
      });
    }
    const orphans = (await uploadsOf(db).toArray())
      .filter((b) => !referenced.has(b.id) && old(b))
      .map((b) => b.id);
    await db.blobs.bulkDelete(orphans);
    return orphans.length;
  });
}
