import { LocalDb } from '@/data/db/local-db';
import type { SyncContext } from '@/data/db/sync-context-db';
import { syncRound } from '@/data/sync/sync-round';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';

/** One push round (uploads, then records) on the user's database; the round's outcome for the caller. */
export async function pushRound(context: SyncContext) {
  const db = new LocalDb(context.dbName);
  try {
    return await syncRound({
      db,
      transport: httpTransport({ getToken: () => context.token }),
      // Staged files go up first (resumable, window-free), so records that use them can follow.
      uploads: httpUploads(() => context.token),
      signal: new AbortController().signal,
      pull: false,
    });
  } finally {
    db.close();
  }
}
