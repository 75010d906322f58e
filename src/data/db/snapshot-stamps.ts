import type { DBCore, DBCoreMutateRequest, Middleware, Table } from 'dexie';
import type { LocalRow } from '@/data/db/local-types';

/** The stamps of resource tables and their snapshots (table-snapshots.ts says why and what is guaranteed). */
export const SNAPSHOTS_STORE = 'snapshots';

/** A table's stamp and how many chunks its current snapshot has (key: the resource). */
export type SnapshotHead = { key: string; stamp: string; chunks: number };
/** One chunk of a table's snapshot (key: resource#nnnn). */
export type SnapshotChunk = { key: string; stamp: string; rows: LocalRow[] };
export type SnapshotEntry = SnapshotHead | SnapshotChunk;

export const chunkKey = (resource: string, i: number) => `${resource}#${String(i).padStart(4, '0')}`;
/** The last chunk number a key can have (10 million rows of 1,000 a chunk). */
const SNAPSHOT_MAX_CHUNKS = 9999;

/** A resource's snapshot chunks numbered `from` to `to` (all from `from` on when `to` is left out). */
export const chunksOf = (
  snapshots: Table<SnapshotEntry, string>,
  resource: string,
  from = 0,
  to = SNAPSHOT_MAX_CHUNKS,
) => snapshots.where('key').between(chunkKey(resource, from), chunkKey(resource, to), true, true);
export const newStamp = () => crypto.randomUUID();

const isEmpty = (req: DBCoreMutateRequest) =>
  req.type === 'deleteRange'
    ? false
    : !('criteria' in req && req.criteria) &&
      !('updates' in req && req.updates) &&
      (req.type === 'delete' ? req.keys.length === 0 : req.values.length === 0);

/** The DBCore middleware that gives a table a new stamp with every write to it. */
export function snapshotStamps(resourceTables: ReadonlySet<string>): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'snapshot-stamps',
    create: (down) => ({
      ...down,
      // A read-write transaction on a resource table also covers the stamps, so a write and its
      // stamp are one transaction.
      transaction: (stores, mode, options) =>
        down.transaction(
          mode === 'readwrite' &&
            stores.some((s) => resourceTables.has(s)) &&
            !stores.includes(SNAPSHOTS_STORE)
            ? [...stores, SNAPSHOTS_STORE]
            : stores,
          mode,
          options,
        ),
      table: (name) => {
        const table = down.table(name);
        if (!resourceTables.has(name)) return table;
        return {
          ...table,
          mutate: async (req) => {
            const res = await table.mutate(req);
            // A sync writes every table's page, most of them empty: those change nothing.
            if (isEmpty(req)) return res;
            await down.table(SNAPSHOTS_STORE).mutate({
              type: 'put',
              trans: req.trans,
              values: [{ key: name, stamp: newStamp(), chunks: 0 }],
            });
            return res;
          },
        };
      },
    }),
  };
}
