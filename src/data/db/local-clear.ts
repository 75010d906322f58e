import Dexie from 'dexie';
import { RESOURCE_NAMES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import { chunksOf } from '@/data/db/snapshot-stamps';

/**
 * Sign-out that could not send everything: forgets cached lists (and their snapshots), cursors and
 * sync times, and keeps only the unsent work of this user: the outbox, the rows it changed, and the
 * files (blobs) queued for upload. Atomic. Signing in again pulls everything afresh.
 */
export async function clearAllButOutbox(db: LocalDb) {
  await db.transaction('rw', [db.outbox, db.meta, db.snapshots, ...RESOURCE_NAMES], async () => {
    for (const resource of RESOURCE_NAMES) {
      const unsent = await db.outbox
        .where('[resource+recordId]')
        .between([resource, Dexie.minKey], [resource, Dexie.maxKey])
        .toArray();
      const keep = new Set(unsent.map((e) => e.recordId));
      await db
        .rows(resource)
        .filter((row) => !keep.has(row.id))
        .delete();
    }
    await db.meta.clear();
    // The snapshots' rows go; the tables' stamps stay, so a stamp never repeats (table-snapshots.ts).
    for (const resource of RESOURCE_NAMES) await chunksOf(db.snapshots, resource).delete();
  });
}
