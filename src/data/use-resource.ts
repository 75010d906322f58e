import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalDb } from '@/data/local-db';
import type { LocalRow, OutboxState } from '@/data/local-types';
import { entriesFor } from '@/data/outbox';
import { RESOURCES, type ResourceName } from '../../contract/registry.ts';

export interface ListQuery {
  search?: string;
  sort?: { field: string; dir: 'asc' | 'desc' };
  filters?: Record<string, string | number | boolean | null>;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: unknown, b: unknown) {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/** Live rows of a resource without tombstones: case-insensitive search over its searchable fields. */
export async function queryResourceList(db: LocalDb, resource: ResourceName, query: ListQuery = {}) {
  const def = RESOURCES[resource];
  const needle = query.search?.trim().toLocaleLowerCase();
  const filters = Object.entries(query.filters ?? {});
  const sort =
    query.sort && (def.sortable as readonly string[]).includes(query.sort.field)
      ? query.sort
      : def.defaultSort;
  const rows = await db
    .rows(resource)
    .filter(
      (row) =>
        !row.deletedAt &&
        filters.every(([k, v]) => row[k] === v) &&
        (!needle ||
          def.searchable.some((f) =>
            String(row[f] ?? '')
              .toLocaleLowerCase()
              .includes(needle),
          )),
    )
    .toArray();
  const sign = sort.dir === 'desc' ? -1 : 1;
  return rows.sort((a, b) => sign * compare(a[sort.field], b[sort.field]));
}

export function useResourceList(db: LocalDb, resource: ResourceName, query: ListQuery = {}) {
  const { search, sort, filters } = query;
  return useLiveQuery(
    () => queryResourceList(db, resource, query),
    [db, resource, search, sort?.field, sort?.dir, JSON.stringify(filters ?? {})],
  );
}

/** One live record (undefined while loading, null when absent or deleted). */
export function useResourceRecord(db: LocalDb, resource: ResourceName, id: string | undefined) {
  return useLiveQuery(async (): Promise<LocalRow | null> => {
    const row = id ? await db.rows(resource).get(id) : undefined;
    return row && !row.deletedAt ? row : null;
  }, [db, resource, id]);
}

const WORST: OutboxState[] = ['conflict', 'parked', 'pending'];
const worst = (states: OutboxState[]) => WORST.find((s) => states.includes(s)) ?? null;

/** A row's badge: its most urgent unsent change (conflict > parked > pending), or null. */
export function usePendingFor(db: LocalDb, resource: ResourceName, recordId: string) {
  return useLiveQuery(
    async () => worst((await entriesFor(db, resource, recordId)).map((e) => e.state)),
    [db, resource, recordId],
    null,
  );
}

/** Badges for a whole list in one live query (a list of thousands should not open thousands). */
export function usePendingMap(db: LocalDb, resource: ResourceName) {
  return useLiveQuery(
    async () => {
      const entries = await db.outbox
        .where('[resource+recordId]')
        .between([resource, Dexie.minKey], [resource, Dexie.maxKey])
        .toArray();
      const byRecord = new Map<string, OutboxState[]>();
      for (const e of entries) byRecord.set(e.recordId, [...(byRecord.get(e.recordId) ?? []), e.state]);
      return new Map([...byRecord].map(([id, states]) => [id, worst(states)!]));
    },
    [db, resource],
    new Map<string, OutboxState>(),
  );
}
