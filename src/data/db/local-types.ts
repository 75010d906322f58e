import type { ResourceName } from '#contract/registry.ts';

/** A record as kept in IndexedDB: the server's shape, plus `_pending` while a local change is unsent. */
export type LocalRow = {
  id: string;
  /** 0 for a create the server has not acknowledged yet. */
  rev: number;
  createdAt: string;
  updatedAt: string;
  /** Set on a local delete until the server acknowledges it; such rows stay out of lists. */
  deletedAt: string | null;
  _pending?: 1;
} & Record<string, unknown>;

/** Whether a pulled row can be stored: it has an id and a revision (a sync applies no other). */
export const isStorableRow = (row: Record<string, unknown>): row is LocalRow =>
  typeof row.id === 'string' && typeof row.rev === 'number';

/** The key of one record's unsent changes, as the sync groups them. */
export const recordKey = (resource: string, id: string) => `${resource}/${id}`;

export type MutationOp = 'create' | 'update' | 'delete';

/** pending: waits to be sent; parked: the server refused it for good; conflict: a stale update (409). */
export type OutboxState = 'pending' | 'parked' | 'conflict';

export interface OutboxProblem {
  httpStatus: number;
  status: number;
  message: string;
  /** The server's result data (e.g. field issues of a 422). */
  data?: unknown;
}

export interface OutboxEntry {
  seq?: number;
  /** UUIDv7, the idempotency key: every resend of this change carries the same id. */
  id: string;
  resource: ResourceName;
  recordId: string;
  op: MutationOp;
  /** create/update: the validated editable fields (no id or rev); delete: {}. */
  payload: Record<string, unknown>;
  /** The server revision this change was based on (0 for a record the server has not seen yet). */
  baseRev: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  /** The server's copy before this record's unsent changes (null: none), restored on discard. */
  serverRow: LocalRow | null;
  problem?: OutboxProblem;
  /** On a conflict: the server's current record. */
  theirs?: LocalRow | null;
  /** A row of an Excel import (the server's activity log says "imported"). */
  origin?: 'import';
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** A file picked offline, waiting for its upload. */
export interface BlobEntry {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  createdAt: number;
}
