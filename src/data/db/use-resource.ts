import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import { earlyRows } from '@/data/db/early-list';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, OutboxState } from '@/data/db/local-types';
import { type RowSort, sortRows } from '@/data/db/row-order';
import { readAllRows } from '@/data/db/table-snapshots';
import { entriesFor } from '@/data/outbox/outbox';
import {
  endedBefore,
  incomingRow,
  incomingRows,
  incomingVersion,
  readGeneration,
  subscribeIncoming,
  withIncoming,
} from '@/data/sync/incoming-rows';

export interface ListQuery {
  search?: string;
  sort?: { field: string; dir: 'asc' | 'desc' };
  filters?: Record<string, string | number | boolean | null>;
}

function sortOf(resource: ResourceName, query: ListQuery) {
  const def = RESOURCES[resource];
  return query.sort && (def.sortable as readonly string[]).includes(query.sort.field)
    ? query.sort
    : def.defaultSort;
}

/** Live rows minus tombstones, sorted. */
function prepare(rows: LocalRow[], sort: RowSort) {
  return sortRows(
    rows.filter((row) => !row.deletedAt),
    sort,
  );
}

/**
 * Each sorted row's searchable fields, lower-cased, in the rows' order: made once per sorted array,
 * at the first search or when the page is next idle (useResourceList), not before the list is drawn.
 */
const searchTexts = new WeakMap<LocalRow[], string[]>();

function searchTextsOf(resource: ResourceName, sorted: LocalRow[]) {
  let texts = searchTexts.get(sorted);
  if (!texts) {
    const fields = RESOURCES[resource].searchable;
    texts = sorted.map((row) => fields.map((f) => String(row[f] ?? '').toLocaleLowerCase()).join('\n'));
    searchTexts.set(sorted, texts);
  }
  return texts;
}

/**
 * The last searches of one sorted array (with one set of filters): each needle and the indices of
 * the rows it matched. A row that contains a needle contains every part of it, so a search whose
 * needle contains an earlier one (typing on) only looks at that one's matches, and going back to
 * an earlier needle (Backspace) finds its result here.
 */
type Hits = { needle: string; indices: number[] };
const recentHits = new WeakMap<LocalRow[], { filterKey: string; hits: Hits[] }>();
const RECENT_SEARCHES = 16;

function searchHits(
  resource: ResourceName,
  sorted: LocalRow[],
  needle: string,
  filters: [string, unknown][],
) {
  const filterKey = JSON.stringify(filters);
  let recent = recentHits.get(sorted);
  if (recent?.filterKey !== filterKey) {
    recent = { filterKey, hits: [] };
    recentHits.set(sorted, recent);
  }
  const same = recent.hits.find((h) => h.needle === needle);
  if (same) return same.indices;
  // The narrowest earlier result this needle can only shrink.
  let within: number[] | undefined;
  for (const h of recent.hits)
    if (needle.includes(h.needle) && (!within || h.indices.length < within.length)) within = h.indices;
  const texts = searchTextsOf(resource, sorted);
  const matches = (i: number) => texts[i]!.includes(needle) && filters.every(([k, v]) => sorted[i]![k] === v);
  const indices: number[] = [];
  if (within) {
    for (const i of within) if (matches(i)) indices.push(i);
  } else {
    for (let i = 0; i < sorted.length; i++) if (matches(i)) indices.push(i);
  }
  recent.hits.unshift({ needle, indices });
  recent.hits.length = Math.min(recent.hits.length, RECENT_SEARCHES);
  return indices;
}

/** The sorted rows that match the search and filters (the same array when there are neither). */
function select(resource: ResourceName, sorted: LocalRow[], query: ListQuery) {
  const needle = query.search?.trim().toLocaleLowerCase();
  const filters = Object.entries(query.filters ?? {});
  if (!needle && !filters.length) return sorted;
  if (!needle) return sorted.filter((row) => filters.every(([k, v]) => row[k] === v));
  return searchHits(resource, sorted, needle, filters).map((i) => sorted[i]!);
}

/** Rows of a resource without tombstones: case-insensitive search over its searchable fields, sorted. */
export async function queryResourceList(db: LocalDb, resource: ResourceName, query: ListQuery = {}) {
  const { rows, readAt } = await readStored(db, resource);
  const all = withIncoming(rows, endedBefore(db.name, readAt) ? [] : incomingRows(db.name, resource));
  return select(resource, prepare(all, sortOf(resource, query)), query);
}

/** The whole table, and when its read began (incoming-rows.ts: readGeneration). */
async function readStored(db: LocalDb, resource: ResourceName) {
  const readAt = readGeneration();
  return { rows: await readAllRows(db, resource), readAt };
}

/**
 * The table's rows with the rows a first sync has pulled and not stored yet (incoming-rows.ts):
 * those alone until the table's first read is in (the worker may hold it for a second while it
 * writes), none once a read has begun after that sync's end.
 */
function useAllRows(db: LocalDb, resource: ResourceName): LocalRow[] | undefined {
  const version = useSyncExternalStore(subscribeIncoming, incomingVersion);
  const stored = useLiveQuery(() => readStored(db, resource), [db, resource]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version says when the incoming rows change
  return useMemo(() => {
    const incoming = stored && endedBefore(db.name, stored.readAt) ? [] : incomingRows(db.name, resource);
    // Before the table's first read: the rows read at the page's start, if any (early-list.ts).
    if (!stored) return incoming.length ? incoming : earlyRows(db.name, resource);
    return withIncoming(stored.rows, incoming); // the table's own array when nothing is added
  }, [stored, db.name, resource, version]);
}

/**
 * The table is read only when it changes (whole, from its snapshot when current: table-snapshots.ts);
 * sorting reruns only when the sort changes and each keystroke filters in memory, so typing in the
 * search box never touches IndexedDB. For a list with a search box, the lower-cased search texts
 * are made while the page is idle after the list is drawn (or at the first search, if sooner).
 */
export function useResourceList(db: LocalDb, resource: ResourceName, query: ListQuery = {}) {
  const all = useAllRows(db, resource);
  const { field, dir } = sortOf(resource, query);
  const sorted = useMemo(() => all && prepare(all, { field, dir }), [all, field, dir]);
  // Only a list with a search box (it passes its search, empty or not) will want them.
  const searching = query.search !== undefined;
  useEffect(() => {
    if (!searching || !sorted || typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => searchTextsOf(resource, sorted));
    return () => cancelIdleCallback(id);
  }, [resource, sorted, searching]);
  const filterKey = JSON.stringify(query.filters ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: filters are compared by value through filterKey
  return useMemo(
    () => sorted && select(resource, sorted, query),
    [resource, sorted, query.search, filterKey],
  );
}

/** One live record (undefined while loading, null when absent or deleted). */
export function useResourceRecord(db: LocalDb, resource: ResourceName, id: string | undefined) {
  const version = useSyncExternalStore(subscribeIncoming, incomingVersion);
  return useLiveQuery(async (): Promise<LocalRow | null> => {
    if (!id) return null;
    const pulled = incomingRow(db.name, resource, id);
    const row = (await db.rows(resource).get(id)) ?? pulled;
    return row && !row.deletedAt ? row : null;
  }, [db, resource, id, version]);
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
