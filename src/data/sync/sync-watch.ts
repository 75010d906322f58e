import { liveQuery } from 'dexie';
import type { LocalDb } from '@/data/db/local-db';
import { LAST_SYNCED_KEY } from '@/data/sync/sync-pull';
import type { SyncStateStore } from '@/data/sync/sync-state';

/** Keeps the outbox counts and last sync time in the store, live, in every tab (not only the drainer). */
export function watchOutbox(db: LocalDb, store: SyncStateStore): () => void {
  const count = (state: string) => db.outbox.where('state').equals(state).count();
  const subscription = liveQuery(async () => ({
    pending: await count('pending'),
    parked: await count('parked'),
    conflicts: await count('conflict'),
    lastSyncedAt: ((await db.meta.get(LAST_SYNCED_KEY))?.value as string | undefined) ?? null,
  })).subscribe({ next: (counts) => store.set(counts), error: () => undefined });
  return () => subscription.unsubscribe();
}
