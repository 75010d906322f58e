import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import { takeEarlyRows } from '@/data/db/early-list';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { sortRows } from '@/data/db/row-order';
import {
  chunkKey,
  chunksOf,
  newStamp,
  type SnapshotChunk,
  type SnapshotEntry,
  type SnapshotHead,
} from '@/data/db/snapshot-stamps';

/**
 * Issue 14: a list reads its resource's whole table. IndexedDB reads a table of 10,000 records in
 * about 350 ms in Chromium; the same rows kept in ten records of 1,000 read in 70 to 110 ms. So a
 * large table also has a snapshot: its rows in chunks, in the `snapshots` store. The per-row table
 * stays the truth, which every other read and every write uses; the snapshot is only a faster way
 * to read all of it.
 *
 * Guarantees:
 * - Every write to a resource table, in any transaction, tab or the service worker, gives the
 *   table a new stamp in the same IndexedDB transaction (`snapshotStamps`, a DBCore middleware of
 *   every LocalDb). A write and its new stamp commit or fail together.
 * - A snapshot is read only when its chunks carry the table's current stamp, so a list never shows
 *   rows older than the table's.
 * - A snapshot is made only from rows read in one transaction with the stamp, and written only if
 *   the stamp has not moved since (checked in the writing transaction).
 * - Rows kept in memory are reused only while the stamp they were read at is still current; so are
 *   the rows read at the page's start (early-list.ts).
 */

/** Rows per chunk: about 450 kB of FAQ rows, one IndexedDB value each. */
export const SNAPSHOT_CHUNK_ROWS = 1000;
/** Below this, one read of the table is about as fast, and a snapshot would only double the writes. */
export const SNAPSHOT_MIN_ROWS = 500;

type Held = { stamp: string | null; rows: LocalRow[] };
/** Per database, the last few tables read whole, with the stamp they were read at. */
const held = new WeakMap<LocalDb, Map<string, Held>>();
const HELD_TABLES = 4;

const headOf = async (db: LocalDb, resource: string) =>
  (await db.snapshots.get(resource)) as SnapshotHead | undefined;

function hold(db: LocalDb, resource: string, entry: Held) {
  const map = held.get(db) ?? new Map<string, Held>();
  held.set(db, map);
  map.delete(resource);
  map.set(resource, entry);
  for (const key of map.keys()) if (map.size > HELD_TABLES) map.delete(key);
}

/**
 * Every row of a resource's table (tombstones included), for a live query: from memory when the
 * table has not changed since it was last read, else from its snapshot when that is current, else
 * from the table, after which a snapshot is made while the page is idle.
 */
export async function readAllRows(db: LocalDb, resource: ResourceName): Promise<LocalRow[]> {
  const table = db.rows(resource);
  return db.transaction('r', [table, db.snapshots], async () => {
    const head = await headOf(db, resource);
    const stamp = head?.stamp ?? null;
    const kept = held.get(db)?.get(resource);
    if (kept && kept.stamp === stamp) return kept.rows;
    const early = takeEarlyRows(db.name, resource, stamp);
    if (early) {
      hold(db, resource, { stamp, rows: early });
      return early;
    }
    if (head && head.chunks > 0) {
      const chunks = (await chunksOf(
        db.snapshots,
        resource,
        0,
        head.chunks - 1,
      ).toArray()) as SnapshotChunk[];
      if (chunks.length === head.chunks && chunks.every((c) => c.stamp === stamp)) {
        const rows = chunks.flatMap((c) => c.rows);
        hold(db, resource, { stamp, rows });
        return rows;
      }
    }
    const rows = await table.toArray();
    hold(db, resource, { stamp, rows });
    if (rows.length >= SNAPSHOT_MIN_ROWS) whenIdle(() => void writeSnapshot(db, resource, stamp, rows));
    return rows;
  });
}

/**
 * A snapshot is written when the page is next idle. While a sync pulls page after page, a snapshot
 * written between two pages is stale at the next; the writing transaction finds the stamp moved and
 * writes nothing if the next page came first.
 */
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 200);

/**
 * Stores `rows`, read at `stamp`, as the table's snapshot, unless the table has been written since.
 * Returns whether it did.
 */
export async function writeSnapshot(
  db: LocalDb,
  resource: ResourceName,
  stamp: string | null,
  rows: LocalRow[],
) {
  if (!db.isOpen()) return false;
  // In the order its lists start in, so that their first sort is one pass (row-order.ts). Sorted
  // before the transaction: every write to a resource table also writes its stamp in this store,
  // so a sort inside would hold up the sync's writes.
  const ordered = sortRows([...rows], RESOURCES[resource].defaultSort);
  try {
    return await db.transaction('rw', db.snapshots, async () => {
      const head = await headOf(db, resource);
      // Moved on since the read, or already stored at this stamp (by another read of the same rows).
      if ((head?.stamp ?? null) !== stamp || (head?.chunks ?? 0) > 0) return false;
      // A table never written since this store was made has no stamp yet: it gets one now.
      const current = stamp ?? newStamp();
      const chunks: SnapshotEntry[] = [];
      for (let i = 0; i * SNAPSHOT_CHUNK_ROWS < ordered.length; i++)
        chunks.push({
          key: chunkKey(resource, i),
          stamp: current,
          rows: ordered.slice(i * SNAPSHOT_CHUNK_ROWS, (i + 1) * SNAPSHOT_CHUNK_ROWS),
        });
      await chunksOf(db.snapshots, resource, chunks.length).delete();
      await db.snapshots.bulkPut([...chunks, { key: resource, stamp: current, chunks: chunks.length }]);
      // The live query this commit wakes finds the same rows in memory instead of reading them again.
      hold(db, resource, { stamp: current, rows: ordered });
      return true;
    });
  } catch {
    // Closed or out of space: the table is still read whole, only more slowly.
    return false;
  }
}
