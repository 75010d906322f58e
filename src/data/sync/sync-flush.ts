import { liveQuery } from 'dexie';
import { pendingCount } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';

/**
 * Sign-out: tries to send every pending change within `timeoutMs` (the drainer may be another
 * tab; then this waits for it). Resolves with how many unsent changes remain, parked and
 * conflicting ones included: the shell keeps the outbox when that is not 0.
 */
export async function tryFlush(engine: SyncEngine, timeoutMs: number): Promise<number> {
  const { db, state } = engine;
  let unsubscribe = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sent = new Promise<void>((resolve) => {
    const sub = liveQuery(() => db.outbox.where('state').equals('pending').count()).subscribe({
      next: (n) => n === 0 && resolve(),
      error: () => resolve(),
    });
    unsubscribe = () => sub.unsubscribe();
  });
  const failed = engine.syncNow().then(() => {
    const s = state.getSnapshot();
    // Offline, or this tab drained and the round failed: waiting longer will not help.
    if (!s.online || (s.leader && (s.lastError || s.authRequired))) return;
    return new Promise<void>(() => {});
  });
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([sent, failed, timeout]);
  } finally {
    unsubscribe();
    clearTimeout(timer);
  }
  return pendingCount(db);
}
