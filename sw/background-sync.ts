/// <reference lib="webworker" />

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

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * One push round (uploads, then records) on the user's database; a transient failure rejects so the
 * browser retries later. The data layer it needs (the contract's schemas, the local database, the
 * sync engine) is imported here: the build keeps it inside sw.js but runs its module code at the
 * first sync event instead of at every start of the worker, which an offline start of the console
 * waits for: in a new browser process the worker's script ran 63–74 ms, now 10–11 ms (Chrome
 * traces), and the shell's HTML arrives about 45 ms sooner.
 */
async function pushOnce(context: SyncContext) {
  const { pushRound } = await import('./background-drain.ts');
  const outcome = await pushRound(context);
  if (outcome.kind === 'auth') await clearSyncContext();
  if (outcome.kind === 'transient') throw new Error(`Sync failed (${outcome.httpStatus}); retry later`);
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
