import { v7 } from 'uuid';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, OutboxEntry } from '@/data/db/local-types';
import { entriesFor, validateFields } from '@/data/outbox/outbox';
import { OutboxStateError } from '@/data/outbox/outbox-errors';
import { announceOutboxChange } from '@/data/outbox/outbox-signal';

const TABLES = ['outbox', ...RESOURCE_NAMES];

export type ConflictChoice = 'mine' | 'theirs' | Record<string, unknown>;

async function load(db: LocalDb, entryId: string, state: OutboxEntry['state']) {
  const entry = await db.outbox.get({ id: entryId });
  if (!entry) throw new OutboxStateError(`No outbox entry ${entryId}`);
  if (entry.state !== state) throw new OutboxStateError(`Entry ${entryId} is ${entry.state}, not ${state}`);
  return {
    entry,
    table: db.rows(entry.resource),
    chain: await entriesFor(db, entry.resource, entry.recordId),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edited entry's new values flow into the later changes of the record and into the row, for
 * the fields those did not change themselves (an update carries every field, so they inherited them).
 */
async function carryForward(
  db: LocalDb,
  entry: OutboxEntry,
  chain: OutboxEntry[],
  next: Record<string, unknown>,
) {
  const edits = Object.entries(next).filter(([k, v]) => !same(entry.payload[k], v));
  const rebase = (target: Record<string, unknown>) =>
    Object.fromEntries(edits.filter(([k]) => same(target[k], entry.payload[k])));
  for (const later of chain.filter((e) => e.seq! > entry.seq! && e.op !== 'delete')) {
    await db.outbox.update(later.seq!, { payload: { ...later.payload, ...rebase(later.payload) } });
  }
  const row = await db.rows(entry.resource).get(entry.recordId);
  if (row) await db.rows(entry.resource).put({ ...row, ...rebase(row) });
}

/** Puts `row` back as the local copy, or removes it when the server has none (or a tombstone). */
async function restore(db: LocalDb, entry: OutboxEntry, row: LocalRow | null | undefined) {
  const table = db.rows(entry.resource);
  if (row && !row.deletedAt) await table.put(row);
  else await table.delete(entry.recordId);
}

/**
 * Atomic: a parked entry goes back to pending (re-validated if edited), keeping its place in the
 * order. It gets a new mutation id: the server refused the old one for good (nothing was applied),
 * and a server that remembers refusals under their key must not answer the retry with the old refusal.
 * Resolves with the new id.
 */
export async function retry(db: LocalDb, entryId: string, edited?: Record<string, unknown>) {
  const id = v7();
  await db.transaction('rw', TABLES, async () => {
    const { entry, chain } = await load(db, entryId, 'parked');
    const payload =
      edited && entry.op !== 'delete'
        ? validateFields(entry.resource, entry.op, entry.recordId, { ...entry.payload, ...edited })
        : entry.payload;
    await carryForward(db, entry, chain, payload);
    await db.outbox.update(entry.seq!, { id, state: 'pending', payload, attempts: 0, problem: undefined });
  });
  announceOutboxChange(db.name);
  return id;
}

/**
 * Atomic and idempotent: drops a parked or conflicting entry together with the later changes of
 * the same record (they were built on it), and restores the server's copy kept on the entry.
 */
export async function discard(db: LocalDb, entryId: string) {
  await db.transaction('rw', TABLES, async () => {
    const entry = await db.outbox.get({ id: entryId });
    if (!entry) return;
    if (entry.state === 'pending')
      throw new OutboxStateError('A pending change may be on its way; wait for it');
    const chain = await entriesFor(db, entry.resource, entry.recordId);
    await db.outbox.bulkDelete(chain.filter((e) => e.seq! >= entry.seq!).map((e) => e.seq!));
    const earlier = chain.filter((e) => e.seq! < entry.seq!).at(-1);
    if (!earlier) await restore(db, entry, entry.theirs ?? entry.serverRow);
    else if (earlier.op !== 'delete')
      await db.rows(entry.resource).update(entry.recordId, { ...earlier.payload });
  });
  announceOutboxChange(db.name);
}

/**
 * Atomic. 'theirs' drops my changes to the record (as discard) and keeps the server's record;
 * 'mine' or merged fields resend as an update based on their revision, under a new mutation id
 * (the stale one was refused, as for retry). Resolves with the new id, or null for 'theirs'.
 */
export async function resolveConflict(db: LocalDb, entryId: string, choice: ConflictChoice) {
  if (choice === 'theirs') return discard(db, entryId).then(() => null);
  const id = v7();
  await db.transaction('rw', TABLES, async () => {
    const { entry, table, chain } = await load(db, entryId, 'conflict');
    const theirs = entry.theirs;
    if (!theirs) throw new OutboxStateError('The server sent no current record to resolve against');
    const payload =
      choice === 'mine' || entry.op === 'delete'
        ? entry.payload
        : validateFields(entry.resource, entry.op, entry.recordId, { ...entry.payload, ...choice });
    for (const later of chain.filter((e) => e.seq! > entry.seq!)) {
      const baseRev = later.baseRev === entry.baseRev ? theirs.rev : later.baseRev;
      await db.outbox.update(later.seq!, { baseRev, serverRow: theirs });
    }
    await db.outbox.update(entry.seq!, {
      id,
      state: 'pending',
      payload,
      baseRev: theirs.rev,
      serverRow: theirs,
      attempts: 0,
      problem: undefined,
      theirs: undefined,
    });
    await carryForward(db, entry, chain, payload);
    const row = await table.get(entry.recordId);
    await table.put({ ...theirs, ...row, rev: theirs.rev, _pending: 1 });
  });
  announceOutboxChange(db.name);
  return id;
}

export interface FieldConflict {
  field: string;
  mine: unknown;
  theirs: unknown;
  differs: boolean;
}

/** Mine vs theirs, field by field, for the conflict screen. */
export function conflictFields(entry: OutboxEntry): FieldConflict[] {
  return Object.keys(RESOURCES[entry.resource].fields.shape).map((field) => {
    const mine = entry.payload[field];
    const theirs = entry.theirs?.[field];
    return { field, mine, theirs, differs: JSON.stringify(mine) !== JSON.stringify(theirs) };
  });
}
