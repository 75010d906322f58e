/// <reference lib="webworker" />

import { LocalDb } from '@/data/db/local-db';
import {
  BACKGROUND_SYNC_TAG,
  CLEAR_SYNC_CONTEXT,
  clearSyncContext,
  isSyncContextMessage,
  readSyncContext,
  type SyncContext,
  saveSyncContext,
} from '@/data/db/sync-context-db';
import { drainLockName } from '@/data/sync/drain-lock';
import { syncRound } from '@/data/sync/sync-round';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** One push round (uploads, then records) on the user's database; a transient failure rejects so the browser retries later. */
async function pushOnce(context: SyncContext) {
  const db = new LocalDb(context.dbName);
  try {
    const outcome = await syncRound({
      db,
      transport: httpTransport({ getToken: () => context.token }),
      // Staged files go up first (resumable, window-free), so records that use them can follow.
      uploads: httpUploads(() => context.token),
      signal: new AbortController().signal,
      pull: false,
    });
    if (outcome.kind === 'auth') await clearSyncContext();
    if (outcome.kind === 'transient') throw new Error(`Sync failed (${outcome.httpStatus}); retry later`);
  } finally {
    db.close();
  }
}

/**
 * Drains the outbox when no tab does: the same Web Lock as the tabs' drainer, taken only if free
 * (an open tab holds it and drains by itself), so one drainer at a time. Ordered and idempotent
 * as any round (mutation ids are idempotency keys).
 */
export async function drainInBackground(locks: LockManager | undefined = navigator.locks) {
  const context = await readSyncContext();
  if (!context) return;
  if (!locks) return pushOnce(context);
  await locks.request(drainLockName(context.dbName), { ifAvailable: true }, async (lock) => {
    if (lock) await pushOnce(context);
  });
}

export function listenForBackgroundSync() {
  self.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isSyncContextMessage(data)) return;
    event.waitUntil(data.type === CLEAR_SYNC_CONTEXT ? clearSyncContext() : saveSyncContext(data));
  });
  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent;
    if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(drainInBackground());
  });
}
