import Dexie, { type Table } from 'dexie';

/**
 * What the service worker needs to drain the outbox after the tabs closed: whose database and
 * which token. Kept in its own small IndexedDB (a service worker has no localStorage); window-free,
 * so both the page and the service worker use this module.
 */
export interface SyncContext {
  dbName: string;
  token: string;
}

export const BACKGROUND_SYNC_TAG = 'outbox';
export const SYNC_CONTEXT = 'SYNC_CONTEXT';
export const CLEAR_SYNC_CONTEXT = 'CLEAR_SYNC_CONTEXT';

export type SyncContextMessage =
  | ({ type: typeof SYNC_CONTEXT } & SyncContext)
  | { type: typeof CLEAR_SYNC_CONTEXT };

const KEY = 'current';

class SyncContextDb extends Dexie {
  declare context: Table<SyncContext & { key: string }, string>;
  constructor() {
    super('console-sw-context');
    this.version(1).stores({ context: 'key' });
  }
}

async function withDb<T>(work: (db: SyncContextDb) => Promise<T>): Promise<T> {
  const db = new SyncContextDb();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

export const saveSyncContext = ({ dbName, token }: SyncContext) =>
  withDb((db) => db.context.put({ key: KEY, dbName, token }));

export const readSyncContext = () =>
  withDb(async (db): Promise<SyncContext | null> => {
    const row = await db.context.get(KEY);
    return row ? { dbName: row.dbName, token: row.token } : null;
  });

export const clearSyncContext = () => withDb((db) => db.context.delete(KEY));

export function isSyncContextMessage(data: unknown): data is SyncContextMessage {
  const d = data as Partial<SyncContext> & { type?: unknown };
  if (d?.type === CLEAR_SYNC_CONTEXT) return true;
  return d?.type === SYNC_CONTEXT && typeof d.dbName === 'string' && typeof d.token === 'string';
}
