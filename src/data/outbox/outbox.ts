import { v7 } from 'uuid';
import type { z } from 'zod';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, OutboxEntry, OutboxState } from '@/data/db/local-types';
import {
  isQuotaError,
  OutboxStateError,
  OutboxValidationError,
  StorageFullError,
  toFieldIssues,
} from '@/data/outbox/outbox-errors';
import { announceOutboxChange } from '@/data/outbox/outbox-signal';
import { incomingRow } from '@/data/sync/incoming-rows';

export type MutateInput =
  | { resource: ResourceName; op: 'create'; payload: Record<string, unknown> }
  | { resource: ResourceName; op: 'update'; payload: { id: string } & Record<string, unknown> }
  | { resource: ResourceName; op: 'delete'; payload: { id: string } };

/**
 * Validates editable fields with the resource's contract rules for a create or an update (an
 * update may leave a write-only field out, e.g. a user's password); returns them parsed
 * (trimmed, defaulted), without id and rev.
 */
export function validateFields(
  resource: ResourceName,
  op: 'create' | 'update',
  id: string,
  fields: Record<string, unknown>,
) {
  const schema = RESOURCES[resource][op] as z.ZodType;
  // The revision is the outbox's business (sync-push.ts); any valid one lets the fields be checked.
  const parsed = schema.safeParse(op === 'create' ? { ...fields, id } : { ...fields, id, rev: 1 });
  if (!parsed.success) throw new OutboxValidationError(toFieldIssues(parsed.error));
  const { id: _id, rev: _rev, ...rest } = parsed.data as Record<string, unknown>;
  return rest;
}

export const editableFields = (resource: ResourceName, row: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(RESOURCES[resource].fields.shape).map((k) => [k, row[k]]));

export const withoutPending = ({ _pending, ...row }: LocalRow): LocalRow => row;

/**
 * The local row keeps only what the server's record has: write-only fields (a user's password)
 * travel in the outbox entry until acknowledged and are never stored in the list rows.
 */
function recordOnly(resource: ResourceName, row: LocalRow): LocalRow {
  const shape = RESOURCES[resource].record.shape as Record<string, unknown>;
  return Object.fromEntries(Object.entries(row).filter(([k]) => k === '_pending' || k in shape)) as LocalRow;
}

/** The optimistic row of a new record: rev 0 until the server acknowledges it. */
const newRow = (fields: Record<string, unknown>, id: string, now: string): LocalRow => ({
  ...fields,
  id,
  rev: 0,
  createdAt: now,
  updatedAt: now,
  deletedAt: null,
  _pending: 1,
});

/** A fresh pending outbox entry (no attempt yet). */
const newEntry = (
  change: Pick<OutboxEntry, 'resource' | 'recordId' | 'op' | 'payload' | 'baseRev' | 'serverRow' | 'origin'>,
): OutboxEntry => ({
  id: v7(),
  ...change,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: Date.now(),
});

/** Unsent changes of one record, oldest first. */
export const entriesFor = (db: LocalDb, resource: ResourceName, recordId: string) =>
  db.outbox.where('[resource+recordId]').equals([resource, recordId]).sortBy('seq');

/**
 * Atomic and durable: the optimistic row and its outbox entry commit in one strict transaction
 * before this resolves, or neither is written (validation, quota). Not idempotent: each call is
 * a new change with a new mutation id. Order: entries get increasing `seq`.
 */
export async function mutate(db: LocalDb, input: MutateInput): Promise<OutboxEntry> {
  const table = db.rows(input.resource);
  try {
    const entry = await db.transaction('rw', table, db.outbox, async () => {
      const recordId = String(input.payload.id ?? v7());
      // A row the first sync has pulled and not stored yet is changed on its pulled copy, stored
      // here as the pull would (the pull then keeps the local change: sync-pull.ts).
      const pulled = input.op === 'create' ? undefined : incomingRow(db.name, input.resource, recordId);
      const row = (await table.get(recordId)) ?? pulled;
      const chain = await entriesFor(db, input.resource, recordId);
      const now = new Date().toISOString();
      let next: LocalRow;
      let payload: Record<string, unknown> = {};
      if (input.op === 'create') {
        if (row) throw new OutboxStateError(`${input.resource} ${recordId} already exists`);
        payload = validateFields(input.resource, 'create', recordId, input.payload);
        next = newRow(payload, recordId, now);
      } else {
        if (!row || row.deletedAt) throw new OutboxStateError(`${input.resource} ${recordId} is not here`);
        if (input.op === 'update') {
          payload = validateFields(input.resource, 'update', recordId, {
            ...editableFields(input.resource, row),
            ...input.payload,
          });
          next = { ...row, ...payload, updatedAt: now, _pending: 1 };
        } else {
          next = { ...row, deletedAt: now, _pending: 1 };
        }
      }
      const entry = newEntry({
        resource: input.resource,
        recordId,
        op: input.op,
        payload,
        baseRev: row?.rev ?? 0,
        serverRow: chain.length
          ? (chain[chain.length - 1]?.serverRow ?? null)
          : row
            ? withoutPending(row)
            : null,
      });
      await table.put(recordOnly(input.resource, next));
      entry.seq = await db.outbox.add(entry);
      return entry;
    });
    announceOutboxChange(db.name);
    return entry;
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
}

export type CreateResult = { ok: true } | { ok: false; message: string };

/**
 * Many creates in one strict transaction (an import chunk), with mutate's guarantees for each:
 * a record's row and its outbox entry commit together, entries keep the order given. A payload
 * the contract refuses, or whose id is taken, is reported and skipped; it never stops the others
 * and nothing of it is written. If the transaction fails (full disk, closed database) nothing of
 * the batch is stored and this throws. One disk flush per batch instead of one per record.
 */
export async function createMany(
  db: LocalDb,
  resource: ResourceName,
  payloads: readonly Record<string, unknown>[],
  origin?: OutboxEntry['origin'],
): Promise<CreateResult[]> {
  const prepared = payloads.map((p) => {
    const id = String(p.id ?? v7());
    try {
      return { id, fields: validateFields(resource, 'create', id, p) };
    } catch (error) {
      if (error instanceof OutboxValidationError) return { id, error: error.message };
      throw error;
    }
  });
  const table = db.rows(resource);
  try {
    const results = await db.transaction('rw', table, db.outbox, async () => {
      const found = await table.bulkGet(prepared.map((p) => p.id));
      const now = new Date().toISOString();
      const taken = new Set<string>();
      const rows: LocalRow[] = [];
      const entries: OutboxEntry[] = [];
      const out = prepared.map((p, i): CreateResult => {
        if (!p.fields) return { ok: false, message: p.error ?? 'Invalid record' };
        if (found[i] || taken.has(p.id)) return { ok: false, message: `${resource} ${p.id} already exists` };
        taken.add(p.id);
        rows.push(recordOnly(resource, newRow(p.fields, p.id, now)));
        entries.push(
          newEntry({
            resource,
            recordId: p.id,
            op: 'create',
            payload: p.fields,
            baseRev: 0,
            serverRow: null,
            ...(origin ? { origin } : {}),
          }),
        );
        return { ok: true };
      });
      await table.bulkPut(rows);
      await db.outbox.bulkAdd(entries);
      return out;
    });
    if (results.some((r) => r.ok)) announceOutboxChange(db.name);
    return results;
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
}

/** Read-only: outbox entries in the order they were made, optionally of some states. */
export async function listEntries(db: LocalDb, states?: readonly OutboxState[]): Promise<OutboxEntry[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return states ? all.filter((e) => states.includes(e.state)) : all;
}

/** Read-only: every unsent change, whatever its state (what sign-out must not drop). */
export const pendingCount = (db: LocalDb) => db.outbox.count();
