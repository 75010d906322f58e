import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import { isStorableRow, type LocalRow, type OutboxEntry, recordKey } from '@/data/db/local-types';
import type { PullResponse } from '@/data/sync/transport';

const cursorKey = (resource: string) => `cursor:${resource}`;
export const LAST_SYNCED_KEY = 'lastSyncedAt';

/** The per-resource cursors; '' means "from the beginning". */
export async function readCursors(db: LocalDb, resources = RESOURCE_NAMES): Promise<Record<string, string>> {
  const metas = await db.meta.bulkGet(resources.map(cursorKey));
  return Object.fromEntries(resources.map((r, i) => [r, String(metas[i]?.value ?? '')]));
}

/** From this many rows a page reads which ids exist with one key scan (see readLocals). */
export const KEY_SCAN_FROM = 200;

/**
 * The local copies of `ids` (undefined where absent). A large page, such as a first sync, is mostly
 * rows this device has never seen: reading each one would be one IndexedDB request per row, so it
 * reads every key once and then only the rows that exist.
 */
async function readLocals(table: ReturnType<LocalDb['rows']>, ids: string[]) {
  if (ids.length < KEY_SCAN_FROM) return table.bulkGet(ids);
  const present = new Set(await table.toCollection().primaryKeys());
  const hits = ids.filter((id) => present.has(id));
  const rows = await table.bulkGet(hits);
  const byId = new Map(hits.map((id, i) => [id, rows[i]]));
  return ids.map((id) => byId.get(id));
}

type Changes = PullResponse['changes'];

/**
 * Atomic per call: the rows, tombstones and new cursors of every answer given commit together, so a
 * crash never skips a change. Answers are applied in the order given (consecutive pages, oldest
 * first), each on what the ones before it wrote. Idempotent: applying the same answers twice
 * changes nothing. A row with an unsent change keeps the local state (only the server copy kept on
 * its entries is refreshed); a tombstone removes the row. Returns the resources whose latest answer
 * says the server has more. Resources are written side by side (their requests queue together
 * instead of one round trip each: a first sync's answer brings all 27 resources).
 */
export async function applyPull(db: LocalDb, ...answers: Changes[]): Promise<ResourceName[]> {
  const byResource = new Map<ResourceName, Changes[string][]>();
  for (const changes of answers)
    for (const [resource, page] of Object.entries(changes))
      if (resource in RESOURCES) {
        const pages = byResource.get(resource as ResourceName);
        if (pages) pages.push(page);
        else byResource.set(resource as ResourceName, [page]);
      }
  await db.transaction('rw', ['outbox', 'meta', ...byResource.keys()], async () => {
    const unsent = new Map<string, OutboxEntry[]>(); // by resource and record
    for (const e of await db.outbox.toArray()) {
      const key = recordKey(e.resource, e.recordId);
      const entries = unsent.get(key);
      if (entries) entries.push(e);
      else unsent.set(key, [e]);
    }
    await Promise.all(
      [...byResource].map(async ([resource, pages]) => {
        const unsentOf = (id: string) => unsent.get(recordKey(resource, id));
        for (const page of pages) await applyResource(db, resource, page, unsentOf);
      }),
    );
  });
  return [...byResource].filter(([, pages]) => pages.at(-1)!.more).map(([resource]) => resource);
}

async function applyResource(
  db: LocalDb,
  resource: ResourceName,
  { rows, cursor }: Changes[string],
  unsentOf: (id: string) => OutboxEntry[] | undefined,
) {
  const table = db.rows(resource);
  const incoming = rows.filter(isStorableRow);
  const refreshed = incoming.flatMap(
    (row) => unsentOf(row.id)?.map((e) => ({ key: e.seq!, changes: { serverRow: row } })) ?? [],
  );
  // One write per page, not per row (a first sync brings thousands).
  const fresh = incoming.filter((r) => !unsentOf(r.id));
  const locals = await readLocals(
    table,
    fresh.map((r) => r.id),
  );
  const puts: LocalRow[] = [];
  const deletes: string[] = [];
  fresh.forEach((row, i) => {
    const local = locals[i];
    if (local && local.rev > row.rev) return; // an older copy than ours
    if (row.deletedAt) deletes.push(row.id);
    else puts.push(row);
  });
  await Promise.all([
    db.outbox.bulkUpdate(refreshed),
    table.bulkDelete(deletes),
    table.bulkPut(puts),
    db.meta.put({ key: cursorKey(resource), value: cursor }),
  ]);
}
