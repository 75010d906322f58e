import type { LocalDb } from '@/data/db/local-db';
import { ApiError } from '@/data/http/http-client';
import { type UploadBlobOptions, uploadBlob } from '@/data/uploads/tus-client';
import { completeUpload, failUpload, stagedRefsOf } from '@/data/uploads/upload-refs';
import {
  type UploadEntry,
  type UploadOutcome,
  type UploadRunner,
  uploadsOf,
} from '@/data/uploads/upload-types';

export type UploadPassOptions = Pick<
  UploadBlobOptions,
  'endpoint' | 'fetch' | 'sliceBytes' | 'retries' | 'random' | 'sleep' | 'onProgress'
>;

type Next = { entry?: UploadEntry; id: string };

/** How often the offset of a running upload is saved (the progress bar reads it). */
const CHECKPOINT_MS = 1000;

/**
 * Read-only: the next staged file a pending outbox entry waits on, in outbox order. Along the way
 * it reports files already settled (done or failed) or gone, which `reconcile` finishes.
 */
async function nextDue(db: LocalDb): Promise<{ due: Next | null; settled: Next[] }> {
  const settled: Next[] = [];
  const seen = new Set<string>();
  for (const e of await db.outbox.orderBy('seq').toArray()) {
    if (e.state !== 'pending') continue;
    for (const { id } of stagedRefsOf(e)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const entry = await uploadsOf(db).get(id);
      if (!entry || entry.state === 'done' || entry.state === 'failed') settled.push({ entry, id });
      else return { due: { entry, id }, settled };
    }
  }
  return { due: null, settled };
}

/** Idempotent: a done file's URL is swapped in; a failed or vanished file parks its entries. */
async function reconcile(db: LocalDb, settled: Next[]) {
  for (const { entry, id } of settled) {
    if (entry?.state === 'done' && entry.fileUrl) {
      await completeUpload(db, id, {
        uploadUrl: entry.uploadUrl ?? '',
        fileUrl: entry.fileUrl,
        fileId: entry.fileId,
      });
    } else {
      await failUpload(db, id, entry?.error ?? null);
    }
  }
}

/**
 * Ordered, one file at a time, resumable: uploads every staged file a pending entry waits on,
 * in outbox order, checkpointing each slice in IndexedDB, so a closed tab (or a service worker's
 * Background Sync) continues where it stopped. Window-free. Stops at the first transient or auth
 * failure; a refused file parks its entries and the pass goes on.
 */
export async function uploadPending(
  db: LocalDb,
  token: string | (() => string | null),
  signal: AbortSignal,
  options: UploadPassOptions = {},
): Promise<UploadOutcome> {
  const table = uploadsOf(db);
  let uploaded = 0;
  for (;;) {
    const { due, settled } = await nextDue(db);
    await reconcile(db, settled);
    if (!due?.entry) return { kind: 'done', uploaded };
    const { entry, id } = due;
    // The entry holds the Blob, and Chrome rewrites a record's Blob on every put: saving the
    // offset after each 2 MiB slice made a 150 MB upload run at 4 MB/s. The upload URL is saved
    // at once (a resume needs it); the offset, only shown as progress (a resume asks the server
    // with HEAD), at most once a second.
    let savedAt = 0;
    try {
      const done = await uploadBlob({
        ...options,
        blob: entry.blob,
        kind: entry.kind,
        fileName: entry.name,
        token,
        signal,
        resume: { url: entry.uploadUrl, offset: entry.offset },
        onCheckpoint: async ({ uploadUrl, offset }) => {
          if (offset > 0 && Date.now() - savedAt < CHECKPOINT_MS) return;
          savedAt = Date.now();
          await table.update(id, { state: 'uploading', uploadUrl, offset });
        },
      });
      await completeUpload(db, id, done);
      uploaded++;
    } catch (error) {
      if (!(error instanceof ApiError) || signal.aborted) throw error;
      if (error.kind === 'auth') return { kind: 'auth', message: error.message };
      if (error.kind !== 'refused') {
        const { httpStatus, message, retryAfterMs } = error;
        return { kind: 'transient', httpStatus, message, retryAfterMs };
      }
      await failUpload(db, id, { httpStatus: error.httpStatus, message: error.message });
    }
  }
}

/** The runner the sync engine uses in a tab: the bearer token is read at each request. */
export const httpUploads =
  (getToken: () => string | null, options: UploadPassOptions = {}): UploadRunner =>
  (db, signal) =>
    uploadPending(db, getToken, signal, options);
