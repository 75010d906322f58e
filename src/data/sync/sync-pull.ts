import Dexie from 'dexie';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import type { PullResponse } from '@/data/sync/transport';

const cursorKey = (resource: string) => `cursor:${resource}`;
export const LAST_SYNCED_KEY = 'lastSyncedAt';

/** The per-resource cursors; '' means "from the beginning". */
export async function readCursors(db: LocalDb, resources = RESOURCE_NAMES): Promise<Record<string, string>> {
  const metas = await db.meta.bulkGet(resources.map(cursorKey));
  return Object.fromEntries(resources.map((r, i) => [r, String(metas[i]?.value ?? '')]));
}

const isRow = (row: Record<string, unknown>): row is LocalRow =>
  typeof row.id === 'string' && typeof row.rev === 'number';

/**
 * Atomic per answer: rows, tombstones and the new cursors commit together, so a crash never
 * skips a change. Idempotent: applying the same answer twice changes nothing. A row with an
 * unsent change keeps the local state (only the server copy kept on its entries is refreshed);
 * a tombstone removes the row. Returns the resources that have more to pull.
 */
export async function applyPull(db: LocalDb, changes: PullResponse['changes']): Promise<ResourceName[]> {
  const resources = Object.keys(changes).filter((r): r is ResourceName => r in RESOURCES);
  const more: ResourceName[] = [];
  await db.transaction('rw', ['outbox', 'meta', ...resources], async () => {
    for (const resource of resources) {
      const { rows, cursor, more: hasMore } = changes[resource]!;
      const table = db.rows(resource);
      const unsent = await db.outbox
        .where('[resource+recordId]')
        .between([resource, Dexie.minKey], [resource, Dexie.maxKey])
        .toArray();
      const unsentIds = new Set(unsent.map((e) => e.recordId));
      for (const row of rows.filter(isRow)) {
        if (unsentIds.has(row.id)) {
          const seqs = unsent.filter((e) => e.recordId === row.id).map((e) => e.seq!);
          await db.outbox.bulkUpdate(seqs.map((key) => ({ key, changes: { serverRow: row } })));
          continue;
        }
        const local = await table.get(row.id);
        if (local && local.rev > row.rev) continue; // an older copy than ours
        if (row.deletedAt) await table.delete(row.id);
        else await table.put(row);
      }
      await db.meta.put({ key: cursorKey(resource), value: cursor });
      if (hasMore) more.push(resource);
    }
  });
  return more;
}
