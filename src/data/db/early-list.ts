import { localDbName } from '@/data/db/local-db-name';
import type { LocalRow } from '@/data/db/local-types';
import { chunkKey, SNAPSHOTS_STORE, type SnapshotChunk, type SnapshotHead } from '@/data/db/snapshot-stamps';
import { readStored, STORAGE_KEYS, writeStored } from '@/data/session/storage-keys';

/**
 * Issue 14: a start on a list screen reads that list's table while the console's code is still
 * loading, instead of after the first render. Until then the page waits for its code with the main
 * thread idle, and the database's opening and a 10,000-row read (about 300 ms once the first
 * render has the main thread) come for free.
 *
 * What it reads, and why the list can trust it:
 * - Only a table's current snapshot (table-snapshots.ts), with plain IndexedDB (this runs from
 *   main.tsx, before Dexie is loaded): the chunks and the table's stamp in one read transaction,
 *   used only if every chunk carries that stamp.
 * - The list's first render may show these rows (useResourceList) before its own read of the
 *   table; they are the table as it was a few hundred milliseconds earlier, at this page's start.
 *   That read (readAllRows) takes them only if the table's stamp has not moved since, and replaces
 *   them otherwise.
 * - It never creates a database: a database that does not exist (not synced on this device yet)
 *   is left absent, and the connection closes at once if Dexie needs to upgrade the database.
 * - The list screen last opened records its path and resource (`rememberList`); a start elsewhere
 *   reads nothing.
 */

type EarlyRows = { dbName: string; resource: string; stamp: string; rows: LocalRow[] };

let early: EarlyRows | null = null;
/** The table being read early, until its own read begins: an early read that comes in after that is dropped. */
let awaited: string | null = null;
const tableKey = (dbName: string, resource: string) => `${dbName}\u0000${resource}`;
/** Rows no list has taken by then (the user went elsewhere) are let go. */
const KEEP_MS = 10_000;

type LastList = { path: string; resource: string };

/**
 * Called by a list screen: a start on this path reads this resource early (if storage refuses, the
 * next start reads the list after its first render, as before).
 */
export function rememberList(path: string, resource: string) {
  writeStored(STORAGE_KEYS.lastList, { path, resource } satisfies LastList);
}

/**
 * At the page's start (main.tsx): reads the last list's snapshot if the page opens on that list.
 * Resolves when the read is over (at once when there is nothing to read).
 */
export function readListEarly(): Promise<void> {
  const session = readStored<{ companyID: string; userID: string }>(STORAGE_KEYS.session);
  const last = readStored<LastList>(STORAGE_KEYS.lastList);
  if (!session?.companyID || !session.userID || !last?.resource || last.path !== window.location.pathname)
    return Promise.resolve();
  const dbName = localDbName(session.companyID, session.userID);
  const key = tableKey(dbName, last.resource);
  awaited = key;
  return readSnapshot(dbName, last.resource).then((read) => {
    if (!read || awaited !== key) return;
    awaited = null;
    const mine: EarlyRows = { dbName, resource: last.resource!, ...read };
    early = mine;
    window.setTimeout(() => {
      if (early === mine) early = null;
    }, KEEP_MS);
  });
}

/** A table's current snapshot, read with plain IndexedDB; null when there is none or it is not current. */
export function readSnapshot(dbName: string, resource: string) {
  return new Promise<{ stamp: string; rows: LocalRow[] } | null>((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(dbName);
    } catch {
      resolve(null);
      return;
    }
    // No such database yet: opening it here would create it empty.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => db.close();
      const done = (value: { stamp: string; rows: LocalRow[] } | null) => {
        db.close();
        resolve(value);
      };
      if (!db.objectStoreNames.contains(SNAPSHOTS_STORE)) return done(null);
      try {
        const tx = db.transaction(SNAPSHOTS_STORE, 'readonly');
        const store = tx.objectStore(SNAPSHOTS_STORE);
        let result: { stamp: string; rows: LocalRow[] } | null = null;
        const head = store.get(resource);
        head.onsuccess = () => {
          const h = head.result as SnapshotHead | undefined;
          if (!h?.chunks) return;
          const chunks = store.getAll(
            IDBKeyRange.bound(chunkKey(resource, 0), chunkKey(resource, h.chunks - 1)),
          );
          chunks.onsuccess = () => {
            const all = chunks.result as SnapshotChunk[];
            if (all.length === h.chunks && all.every((c) => c.stamp === h.stamp))
              result = { stamp: h.stamp, rows: all.flatMap((c) => c.rows) };
          };
        };
        tx.oncomplete = () => done(result);
        tx.onabort = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}

/** The rows read early for this table, if the read is in (a list's first render). */
export function earlyRows(dbName: string, resource: string): LocalRow[] | undefined {
  return early?.dbName === dbName && early.resource === resource ? early.rows : undefined;
}

/**
 * The rows read early for this table if the table still has `stamp` (readAllRows, in its
 * transaction); either way they are let go, as the table's own read takes over from here.
 */
export function takeEarlyRows(
  dbName: string,
  resource: string,
  stamp: string | null,
): LocalRow[] | undefined {
  if (awaited === tableKey(dbName, resource)) awaited = null;
  if (early?.dbName !== dbName || early.resource !== resource) return undefined;
  const rows = early.stamp === stamp ? early.rows : undefined;
  early = null;
  return rows;
}
