import type { Mutation } from '#contract/sync.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, MutationOp, OutboxEntry } from '@/data/db/local-types';
import { entriesFor } from '@/data/outbox/outbox';
import type { MutationResult } from '@/data/sync/transport';
import { awaitsUpload } from '@/data/uploads/upload-refs';

const key = (e: OutboxEntry) => `${e.resource}:${e.recordId}`;

/** Whether a payload names one of `ids` in any field (a parent, a topic, a list of members). */
const namesAny = (payload: Record<string, unknown>, ids: Set<string>) =>
  ids.size > 0 &&
  Object.values(payload).some((v) =>
    typeof v === 'string'
      ? ids.has(v)
      : Array.isArray(v) && v.some((x) => typeof x === 'string' && ids.has(x)),
  );

/**
 * Ordered: pending entries oldest first. A record with a parked or conflicting entry, or with an
 * entry whose file is not uploaded yet (`blob:<id>` in a file field), holds its later entries
 * back (they were built on it). A record not yet created on the server because its create is
 * held also holds back every later entry that names it (an article in a sub-topic whose picture
 * is still uploading): the server would refuse it as pointing at nothing. Every other record
 * proceeds.
 */
export async function selectBatch(db: LocalDb, size: number): Promise<OutboxEntry[]> {
  const held = new Set<string>();
  const notCreated = new Set<string>();
  const batch: OutboxEntry[] = [];
  await db.outbox
    .orderBy('seq')
    .until(() => batch.length >= size)
    .each((e) => {
      if (e.state !== 'pending' || awaitsUpload(e) || held.has(key(e)) || namesAny(e.payload, notCreated)) {
        held.add(key(e));
        if (e.op === 'create') notCreated.add(e.recordId);
      } else batch.push(e);
    });
  return batch;
}

/**
 * The wire form. Entries of one record in one batch were all based on the same revision; each
 * applied change adds one to the record's rev on the server, so the n-th of them is sent with
 * baseRev + n (a create counts: it yields rev 1).
 */
export function toMutations(batch: OutboxEntry[]): Mutation[] {
  const seen = new Map<string, number>();
  return batch.map((e) => {
    const n = seen.get(key(e)) ?? 0;
    seen.set(key(e), n + 1);
    const rev = e.baseRev + n;
    const payload =
      e.op === 'create' ? { ...e.payload, id: e.recordId } : { ...e.payload, id: e.recordId, rev };
    return { id: e.id, resource: e.resource, op: e.op, payload, ...(e.origin ? { origin: e.origin } : {}) };
  });
}

export type Verdict = 'ack' | 'conflict' | 'skipped' | 'park' | 'auth' | 'transient';

export function classify(httpStatus: number, op: MutationOp): Verdict {
  if (httpStatus >= 200 && httpStatus < 300) return 'ack';
  if (httpStatus === 404 && op === 'delete') return 'ack'; // already gone: the delete's goal holds
  if (httpStatus === 409) return 'conflict';
  if (httpStatus === 424) return 'skipped';
  if (httpStatus === 401) return 'auth';
  if (httpStatus === 0 || httpStatus === 408 || httpStatus === 425 || httpStatus === 429 || httpStatus >= 500)
    return 'transient';
  return 'park';
}

const asRow = (data: unknown): LocalRow | null =>
  data && typeof data === 'object' && typeof (data as LocalRow).id === 'string' ? (data as LocalRow) : null;

/**
 * Atomic per entry: the server's record replaces the row and the entry leaves the outbox in one
 * transaction. Later pending changes of the record were based on ours, so they move to the new rev.
 */
async function acknowledge(db: LocalDb, e: OutboxEntry, data: unknown) {
  const table = db.rows(e.resource);
  const server = asRow(data);
  const rev = server?.rev ?? e.baseRev + 1;
  await db.outbox.delete(e.seq!);
  const rest = await entriesFor(db, e.resource, e.recordId);
  for (const later of rest) {
    const baseRev = later.baseRev === e.baseRev ? rev : later.baseRev;
    await db.outbox.update(later.seq!, { baseRev, serverRow: server ?? later.serverRow });
  }
  if (rest.length) {
    const stamps = server ? { createdAt: server.createdAt, updatedAt: server.updatedAt } : {};
    await table.update(e.recordId, { rev, ...stamps });
  } else if (e.op === 'delete' || server?.deletedAt) {
    await table.delete(e.recordId);
  } else if (server) {
    await table.put(server);
  } else {
    await table.update(e.recordId, { rev, _pending: undefined });
  }
}

export interface ApplyOutcome {
  /** Entries that left the pending state (acked, parked, in conflict). */
  settled: number;
  transient: boolean;
  auth: boolean;
}

/** Applies one push answer: results are matched by mutation id; a missing one stays pending. */
export async function applyResults(db: LocalDb, batch: OutboxEntry[], results: MutationResult[]) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const outcome: ApplyOutcome = { settled: 0, transient: false, auth: false };
  const tables = [...new Set(batch.map((e) => e.resource))];
  await db.transaction('rw', ['outbox', ...tables], async () => {
    for (const e of batch) {
      const r = byId.get(e.id);
      const verdict = r ? classify(r.httpStatus, e.op) : 'transient';
      if (verdict === 'skipped') continue;
      if (!r || verdict === 'transient' || verdict === 'auth') {
        outcome[verdict === 'auth' ? 'auth' : 'transient'] = true;
        continue;
      }
      const current = await db.outbox.get(e.seq!); // fresh: an earlier ack may have moved its baseRev
      if (!current) continue;
      outcome.settled++;
      const problem = { httpStatus: r.httpStatus, status: r.status, message: r.message, data: r.data };
      if (verdict === 'ack') await acknowledge(db, current, r.data);
      else if (verdict === 'conflict')
        await db.outbox.update(e.seq!, { state: 'conflict', problem, theirs: asRow(r.data) });
      else await db.outbox.update(e.seq!, { state: 'parked', problem });
    }
  });
  return outcome;
}

/** For the "needs attention" page and diagnostics: how often entries were tried, when the next try is. */
export const noteAttempt = (db: LocalDb, seqs: number[], nextAttemptAt: number) =>
  db.outbox
    .where('seq')
    .anyOf(seqs)
    .modify((e) => {
      e.attempts += 1;
      e.nextAttemptAt = nextAttemptAt;
    });
