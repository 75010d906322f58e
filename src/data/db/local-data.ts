import { openLocalDb, requestPersistentStorage } from '@/data/db/local-db';
import type { LocalData } from '@/data/db/use-local-db';
import { getSession, getToken } from '@/data/session/session-store';
import { clearLocalData } from '@/data/session/sign-out';
import { drainLockFor } from '@/data/sync/drain-lock';
import { whenFirstSyncEnds } from '@/data/sync/first-sync';
import { createSyncEngine, type SyncEngine } from '@/data/sync/sync-engine';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';

type Entry = { data: LocalData; holders: number };

/** The key of a user's local data (LocalData.key): a provider holding another key's data is stale. */
export const localDataKey = (companyId: string, userId: string) => `${companyId}:${userId}`;

/** At most one database and engine per company and user in this page (a second would drain too). */
const open = new Map<string, Entry>();

function entryFor(companyId: string, userId: string): Entry {
  const key = localDataKey(companyId, userId);
  let entry = open.get(key);
  if (!entry) {
    const db = openLocalDb(companyId, userId);
    void requestPersistentStorage();
    const engine = createSyncEngine({
      db,
      transport: httpTransport({ getToken }),
      uploads: httpUploads(getToken),
      lock: drainLockFor(db.name),
      onAuthRequired: () => void clearLocalData({ kind: 'expired' }),
    });
    engine.start();
    showFirstSync(engine);
    entry = { data: { key, db, engine }, holders: 0 };
    open.set(key, entry);
  }
  return entry;
}

/**
 * While the first sync after a sign-in runs in its worker, the engine waits for the drain lock:
 * the sync indicator shows it as this tab's sync. Once the engine holds the lock, its own rounds
 * say whether it syncs.
 */
function showFirstSync(engine: SyncEngine) {
  const running = whenFirstSyncEnds(() => {
    if (!engine.state.getSnapshot().leader) engine.state.set({ draining: false });
  });
  if (running) engine.state.set({ draining: true });
}

/**
 * The user's database and running sync engine, held until `release`; the last release stops the
 * engine, then closes the database. A 401 from sync ends the session like any API call (api.ts):
 * the outbox stays in IndexedDB and is replayed when the same user signs in again.
 */
export function holdLocalData(companyId: string, userId: string) {
  const entry = entryFor(companyId, userId);
  entry.holders += 1;
  let released = false;
  return {
    data: entry.data,
    release() {
      if (released) return;
      released = true;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      open.delete(entry.data.key);
      void entry.data.engine.stop().finally(() => entry.data.db.close());
    },
  };
}

/**
 * At each start of the console, before its first render: opens the signed-in user's database and
 * starts the engine, so the first pull is asked for (right after a sign-in) and the database opens
 * while the screens render, instead of after (the provider's effect runs only once they have). The
 * provider then holds the same engine and has it from its first render (`openedLocalData`); nothing
 * is opened twice.
 */
export function startLocalDataEarly() {
  const session = getSession();
  if (session) entryFor(session.companyID, session.userID);
}

/** The user's data if this page has it open already (startLocalDataEarly), without holding it. */
export function openedLocalData(companyId: string, userId: string): LocalData | null {
  return open.get(localDataKey(companyId, userId))?.data ?? null;
}
