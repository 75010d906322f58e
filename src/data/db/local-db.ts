import Dexie, { type DexieOptions, type Table } from 'dexie';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '#contract/registry.ts';
import { localDbName } from '@/data/db/local-db-name';
import type { BlobEntry, LocalRow, MetaEntry, OutboxEntry } from '@/data/db/local-types';
import { SNAPSHOTS_STORE, type SnapshotEntry, snapshotStamps } from '@/data/db/snapshot-stamps';

/**
 * Bump when the schema changes in a way Dexie cannot patch by itself: a changed primary key, or a
 * removed index (Dexie 4 adds missing tables and indexes without a bump, but removes an index only
 * in an upgrade to a higher version). Either way other tabs get `versionchange` and are told to
 * reload. 2: the indexes of sortable fields and `updatedAt` are gone (nothing read by them).
 * 3: the `snapshots` store (table-snapshots.ts); a tab of an older version would write tables
 * without stamping them, so it must close.
 */
export const LOCAL_DB_VERSION = 3;

export { localDbName };

/**
 * The whole IndexedDB schema, generated from the contract registry. A resource table is indexed
 * only by what is read through an index: its `unique` fields (the form's duplicate check) and its
 * `localIndexes`. Lists read the whole table and sort in memory, so sortable fields get none: every
 * index is one more write per row, and a first sync writes thousands (5,000 FAQ rows in Chromium:
 * 1.2 to 2.3 s with three indexes, 0.6 to 0.9 s without).
 */
export function localSchema(): Record<string, string> {
  const stores: Record<string, string> = {
    outbox: '++seq, &id, recordId, state, [resource+recordId]',
    meta: 'key',
    blobs: 'id',
    [SNAPSHOTS_STORE]: 'key',
  };
  for (const name of RESOURCE_NAMES) {
    const def: { unique?: Record<string, unknown>; localIndexes?: readonly string[] } = RESOURCES[name];
    const indexes = new Set([...Object.keys(def.unique ?? {}), ...(def.localIndexes ?? [])]);
    stores[name] = ['id', ...indexes].join(', ');
  }
  return stores;
}

export type LocalDbEvent = { kind: 'versionchange'; message: string } | { kind: 'blocked'; message: string };
type LocalDbListener = (event: LocalDbEvent) => void;

export const UPDATED_ELSEWHERE =
  'The console was updated in another tab. Reload this tab to keep working; your saved changes are kept.';
export const UPGRADE_BLOCKED = 'Close the other tabs of the console to finish the update.';

export class LocalDb extends Dexie {
  declare outbox: Table<OutboxEntry, number>;
  declare meta: Table<MetaEntry, string>;
  declare blobs: Table<BlobEntry, string>;
  declare snapshots: Table<SnapshotEntry, string>;
  private readonly listeners = new Set<LocalDbListener>();

  constructor(name: string, options: DexieOptions = {}) {
    // Strict durability: a committed write has reached the disk, so "saved" survives a crash.
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(LOCAL_DB_VERSION).stores(localSchema());
    this.use(snapshotStamps(new Set(RESOURCE_NAMES)));
    // A newer tab wants to upgrade (or delete) the database: close for good so it never hangs and
    // this tab's old code never runs on the new schema. Returning false skips Dexie's own handler,
    // which would close with auto-reopen.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: true });
      this.emit({ kind: 'versionchange', message: UPDATED_ELSEWHERE });
      return false;
    });
    this.on('blocked', () => this.emit({ kind: 'blocked', message: UPGRADE_BLOCKED }));
  }

  rows(resource: ResourceName): Table<LocalRow, string> {
    return this.table(resource);
  }

  /** Listens for versionchange/blocked; returns the unsubscribe function. */
  onEvent(listener: LocalDbListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: LocalDbEvent) {
    for (const listener of this.listeners) listener(event);
  }
}

/** One database per company and user, so two accounts on one device never see each other's data. */
export const openLocalDb = (companyId: string, userId: string, options?: DexieOptions) =>
  new LocalDb(localDbName(companyId, userId), options);

/** Asks the browser not to evict the database under storage pressure; safe to call repeatedly. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}
