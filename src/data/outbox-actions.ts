import type { LocalDb } from '@/data/local-db';
import type { LocalRow, OutboxEntry } from '@/data/local-types';
import { entriesFor, validateFields } from '@/data/outbox';
import { OutboxStateError } from '@/data/outbox-errors';
import { announceOutboxChange } from '@/data/outbox-signal';
import { RESOURCE_NAMES, RESOURCES } from '../../contract/registry.ts';

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

const isLast = (entry: OutboxEntry, chain: OutboxEntry[]) => chain[chain.length - 1]?.seq === entry.seq;

/** Puts `row` back as the local copy, or removes it when the server has none (or a tombstone). */
async function restore(db: LocalDb, entry: OutboxEntry, row: LocalRow | null | undefined) {
  const table = db.rows(entry.resource);
  if (row && !row.deletedAt) await table.put(row);
  else await table.delete(entry.recordId);
}

/** Atomic: a parked entry goes back to pending (re-validated if edited), keeping its id and place. */
export async function retry(db: LocalDb, entryId: string, edited?: Record<string, unknown>) {
  await db.transaction('rw', TABLES, async () => {
    const { entry, table, chain } = await load(db, entryId, 'parked');
    const payload =
      edited && entry.op !== 'delete'
        ? validateFields(entry.resource, entry.recordId, { ...entry.payload, ...edited })
        : entry.payload;
    await db.outbox.update(entry.seq!, {
      state: 'pending',
      payload,
      attempts: 0,
      nextAttemptAt: 0,
      problem: undefined,
    });
    if (edited && isLast(entry, chain)) await table.update(entry.recordId, { ...payload, _pending: 1 });
  });
  announceOutboxChange(db.name);
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
 * 'mine' or merged fields resend as an update based on their revision, keeping the mutation id.
 */
export async function resolveConflict(db: LocalDb, entryId: string, choice: ConflictChoice) {
  if (choice === 'theirs') return discard(db, entryId);
  await db.transaction('rw', TABLES, async () => {
    const { entry, table, chain } = await load(db, entryId, 'conflict');
    const theirs = entry.theirs;
    if (!theirs) throw new OutboxStateError('The server sent no current record to resolve against');
    const payload =
      choice === 'mine' || entry.op === 'delete'
        ? entry.payload
        : validateFields(entry.resource, entry.recordId, { ...entry.payload, ...choice });
    for (const later of chain.filter((e) => e.seq! > entry.seq!)) {
      const baseRev = later.baseRev === entry.baseRev ? theirs.rev : later.baseRev;
      await db.outbox.update(later.seq!, { baseRev, serverRow: theirs });
    }
    await db.outbox.update(entry.seq!, {
      state: 'pending',
      payload,
      baseRev: theirs.rev,
      serverRow: theirs,
      attempts: 0,
      problem: undefined,
      theirs: undefined,
    });
    const row = await table.get(entry.recordId);
    const fields = isLast(entry, chain) ? payload : {};
    await table.put({ ...theirs, ...row, ...fields, rev: theirs.rev, _pending: 1 });
  });
  announceOutboxChange(db.name);
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
