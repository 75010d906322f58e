// The repository contract alone: repositories import it, never the registry (repository.ts),
// so the registry and its repositories form no cycle.
import type { ListRequest } from '#contract/resource.ts';
import type { Db } from '../db/client.ts';

/** A transaction or the database: repositories run inside whichever they are given. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Who acts on which resource: every repository call is confined to one company. */
export type Scope = {
  companyId: string;
  userId: string;
  resource: string;
  /** Writes already run one at a time (PGlite: one connection), so no company lock is needed. */
  serialWrites?: boolean;
  /** The database holds the prepared statements of records-repository.ts (PGlite only). */
  prepared?: boolean;
  /** Where the request came from and the server's clock, for the activity log. */
  ip?: string;
  now?: Date;
  /** A change that came from an Excel import rather than a form (logged as "import"). */
  origin?: 'import';
};

export type StoredRow = {
  id: string;
  rev: number;
  seq: number;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

/** The list query after checking it against the definition (fields known, search escaped). */
export type ListQuery = Required<Pick<ListRequest, 'page' | 'per_page'>> & {
  searchFields: readonly string[];
  search?: string;
  sort: { field: string; dir: 'asc' | 'desc' };
  filters: [string, string | number | boolean | null][];
};

/**
 * Storage of one resource. The default keeps every resource in the generic `records` table; a
 * resource with a table of its own (users, departments, roles) provides its own adapter.
 * Writes return undefined when nothing matched (id taken, wrong rev, missing or deleted).
 */
export interface ResourceRepository {
  /** The table its rows are in (db/table-statistics.ts counts the rows written to it). */
  table: string;
  list(tx: Tx, scope: Scope, q: ListQuery): Promise<{ rows: StoredRow[]; total: number }>;
  /** Tombstones included. */
  find(tx: Tx, scope: Scope, id: string): Promise<StoredRow | undefined>;
  /** Whether any company holds this id (ids are global; a clash is never revealed further). */
  idTaken(tx: Tx, id: string): Promise<boolean>;
  insert(tx: Tx, scope: Scope, id: string, data: Record<string, unknown>): Promise<StoredRow | undefined>;
  update(
    tx: Tx,
    scope: Scope,
    id: string,
    baseRev: number,
    data: Record<string, unknown>,
  ): Promise<StoredRow | undefined>;
  /**
   * `update` that also answers the record's data as it was, in one statement: what `find` before
   * `update` would read, one round trip fewer. Optional.
   */
  updateWithBefore?(
    tx: Tx,
    scope: Scope,
    id: string,
    baseRev: number,
    data: Record<string, unknown>,
  ): Promise<{ row: StoredRow | undefined; before: Record<string, unknown> | undefined }>;
  /** Soft delete: a tombstone with deletedAt, rev + 1 and a new seq. */
  remove(tx: Tx, scope: Scope, id: string, baseRev?: number): Promise<StoredRow | undefined>;
  /** Rows and tombstones with seq > afterSeq, in seq order. */
  changes(tx: Tx, scope: Scope, afterSeq: number, limit: number): Promise<StoredRow[]>;
  /**
   * Serialises the company's writes until the transaction ends, so seq order is commit order
   * and a pull never passes a change that commits later with a smaller seq.
   */
  lockWrites(tx: Tx, scope: Scope): Promise<void>;
  /**
   * The seq of the resource's newest change in the company (tombstones included), when the
   * repository's lists depend on its own rows alone: a List answer stays right while this does
   * not move (server/resources/list-cache.ts). Read it before the list it tags.
   */
  version?(tx: Tx, scope: Scope): Promise<number>;
}

/**
 * Rules of one resource that need other rows (a parent that must exist, a delete that would
 * orphan something), checked by applyOp inside the write's transaction after the contract's
 * schema. A refusal throws ApiError 422 naming the field, so sync parks the change with the
 * message instead of opening the stale-revision dialog. `beforeSave` may return fields the
 * server sets itself (a file's size, a video's minutes), which replace what the client sent.
 */
export type ResourceRules = {
  beforeSave?: (
    tx: Tx,
    scope: Scope,
    id: string,
    fields: Record<string, unknown>,
  ) => Promise<Record<string, unknown> | undefined | void>;
  beforeDelete?: (tx: Tx, scope: Scope, id: string) => Promise<void>;
};
