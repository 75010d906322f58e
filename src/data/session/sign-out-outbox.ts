import { clearAllButOutbox } from '@/data/db/local-clear';
import { openLocalDb } from '@/data/db/local-db';
import { CLEAR_SYNC_CONTEXT, clearSyncContext } from '@/data/db/sync-context-db';
import { pendingCount } from '@/data/outbox/outbox';
import { announceOutboxChange } from '@/data/outbox/outbox-signal';
import { stopFirstSync } from '@/data/sync/first-sync';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { tryFlush } from '@/data/sync/sync-flush';

/** The menu's sign-out tries this long to send unsent changes; an idle sign-out only briefly. */
export const SIGN_OUT_FLUSH_MS = 10_000;
export const IDLE_FLUSH_MS = 3_000;

let current: SyncEngine | null = null;

/** The shell names the running engine, so a sign-out from anywhere (idle, maintenance) can use it. */
export function setSignOutEngine(engine: SyncEngine | null): () => void {
  current = engine;
  return () => {
    if (current === engine) current = null;
  };
}

/** Tries to send every unsent change; resolves with how many remain (null without an engine). */
export async function flushBeforeSignOut(timeoutMs: number, engine = current): Promise<number | null> {
  if (!engine) return null;
  // Another tab may hold the drain lock: the "outbox changed" signal makes it send now.
  announceOutboxChange(engine.db.name);
  return tryFlush(engine, timeoutMs).catch(() => null);
}

function forgetBackgroundSync() {
  globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: CLEAR_SYNC_CONTEXT });
  return clearSyncContext().catch(() => undefined);
}

/**
 * Sign-out's part of the local database: stops syncing, forgets the service worker's sync context
 * and the cached lists, and keeps only the unsent changes (outbox, the rows they changed, their
 * files) of this user, sent after the same user signs in again. Resolves with how many were kept.
 */
export async function keepOnlyOutbox(user: { companyID: string; userID: string } | null): Promise<number> {
  const engine = current;
  current = null;
  stopFirstSync();
  await engine?.stop().catch(() => undefined);
  await forgetBackgroundSync();
  if (!user) return 0;
  const db = openLocalDb(user.companyID, user.userID);
  try {
    await clearAllButOutbox(db);
    return await pendingCount(db);
  } finally {
    db.close();
  }
}
