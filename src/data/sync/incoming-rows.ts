import { isStorableRow, type LocalRow } from '@/data/db/local-types';

/**
 * Issue 14: the rows of the first sync after a sign-in, from the moment their answer arrives until
 * they are stored. Writing rows to IndexedDB is the slow part of a first sync (about 1 s per
 * 5,000 rows in Chromium, one request per row), and while the worker writes, a read of the same
 * table waits for its commit. So lists show pulled rows at once, beside the stored ones.
 *
 * Guarantees:
 * - Read-only server copies, in this page's memory only: the first sync's worker (first-sync.ts)
 *   adds them as answers arrive, without the rows that have unsent changes (first-sync-round.ts).
 * - A stored row always wins: a list shows an incoming row only where the table it read has no row
 *   of that id.
 * - No list shows fewer rows on the way: the end of the first sync is announced after its last
 *   commit, and a list leaves the incoming rows out only once it has read its table after that
 *   (`endedBefore`). They are dropped from memory RELEASE_MS later.
 * - A change to an incoming row is made on its pulled copy, stored first as the pull would
 *   (outbox.ts mutate).
 */
type ByResource = Map<string, Map<string, LocalRow>>;

/** A pull answer's rows by resource, as the worker hands them over (first-sync.ts). */
export type PulledRows = Record<string, { rows: Record<string, unknown>[] }>;

const byDb = new Map<string, ByResource>();
/** Per database, the generation at which its first sync ended. */
const ended = new Map<string, number>();
const listeners = new Set<() => void>();
let generation = 0;
let version = 0;

/** Kept this long after the end, far longer than a list takes to read its table again. */
export const RELEASE_MS = 10_000;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** An answer's rows for database `dbName`; a later copy of a row replaces it, a tombstone drops it. */
export function addIncoming(dbName: string, changes: PulledRows) {
  const resources: ByResource = byDb.get(dbName) ?? new Map();
  byDb.set(dbName, resources);
  ended.delete(dbName);
  for (const [resource, { rows }] of Object.entries(changes)) {
    if (!rows.length) continue;
    const held = resources.get(resource) ?? new Map<string, LocalRow>();
    resources.set(resource, held);
    for (const row of rows) {
      if (!isStorableRow(row)) continue;
      const before = held.get(row.id);
      if (before && before.rev > row.rev) continue;
      if (row.deletedAt) held.delete(row.id);
      else held.set(row.id, row);
    }
  }
  changed();
}

/**
 * The first sync of `dbName` ended (after its last commit, or cut short). With `dropNow` (a
 * sign-out, or a sync cut short whose rows were not all stored) its rows go at once.
 */
export function endIncoming(dbName: string, { dropNow = false } = {}) {
  if (!byDb.has(dbName)) return;
  ended.set(dbName, ++generation);
  const rows = byDb.get(dbName);
  const drop = () => {
    if (byDb.get(dbName) !== rows) return; // a new first sync of this database began meanwhile
    byDb.delete(dbName);
    changed();
  };
  if (dropNow) drop();
  else {
    changed();
    setTimeout(drop, RELEASE_MS);
  }
}

/** The incoming rows of one resource (none when no first sync runs). */
export function incomingRows(dbName: string, resource: string): LocalRow[] {
  const held = byDb.get(dbName)?.get(resource);
  return held ? [...held.values()] : [];
}

export const incomingRow = (dbName: string, resource: string, id: string): LocalRow | undefined =>
  byDb.get(dbName)?.get(resource)?.get(id);

/** Taken when a read of a table starts, for `endedBefore`. */
export const readGeneration = () => generation;

/** Whether a table read that started at `readAt` (readGeneration) came after the first sync's end. */
export const endedBefore = (dbName: string, readAt: number) => (ended.get(dbName) ?? Infinity) <= readAt;

/** `stored` (a whole table) with the incoming rows it lacks. */
export function withIncoming(stored: LocalRow[], incoming: LocalRow[]): LocalRow[] {
  if (!incoming.length) return stored;
  const ids = new Set(stored.map((row) => row.id));
  const missing = incoming.filter((row) => !ids.has(row.id));
  return missing.length ? stored.concat(missing) : stored;
}

export const subscribeIncoming = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Changes whenever the incoming rows do (for useSyncExternalStore). */
export const incomingVersion = () => version;
