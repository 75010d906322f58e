import { STATUS } from '#contract/envelope.ts';
import type { Mutation } from '#contract/sync.ts';
import type { LocalRow } from '@/data/db/local-types';
import { ApiError, NETWORK_ERROR } from '@/data/http/http-client';
import type { DrainLock } from '@/data/sync/drain-lock';
import type { SyncClock } from '@/data/sync/sync-clock';
import type { MutationResult, Transport } from '@/data/sync/transport';

type Row = LocalRow & { _seq: number };
type Fault = ApiError | 'lose-response';

/** A whole request failing as the HTTP client reports it: httpStatus 0 is no answer at all. */
export const httpFailure = (httpStatus: number, message: string, retryAfterMs?: number) =>
  new ApiError(httpStatus, httpStatus === 0 ? NETWORK_ERROR : STATUS.server, message, null, retryAfterMs);

/**
 * A sync server in memory, with the semantics the console relies on: mutations applied in
 * order, deduped by id (a replay gets the first definitive answer, refusals included), rev + 1 per write, 409 with the
 * current record for a stale rev, 424 for the later mutations of a record that failed earlier
 * in the same batch, and a change sequence for pull cursors.
 */
export function fakeServer() {
  const tables = new Map<string, Map<string, Row>>();
  const answered = new Map<string, MutationResult>();
  const faults: Fault[] = [];
  let seq = 0;
  let inFlight = 0;
  const server = {
    pushes: [] as Mutation[][],
    pulls: [] as Record<string, string>[],
    applied: [] as string[],
    maxInFlight: 0,
    /** A refusal for one mutation: a message (422) or an exact status. */
    reject: (_m: Mutation): string | { httpStatus: number; message: string } | null => null,
    fail(...next: Fault[]) {
      faults.push(...next);
    },
    table(resource: string) {
      if (!tables.has(resource)) tables.set(resource, new Map());
      return tables.get(resource)!;
    },
    /** A write by someone else. */
    put(resource: string, row: Partial<LocalRow> & { id: string }) {
      const old = server.table(resource).get(row.id);
      const rev = (old?.rev ?? 0) + 1;
      const now = new Date(1_700_000_000_000 + ++seq * 1000).toISOString();
      const next = { createdAt: now, deletedAt: null, ...old, ...row, rev, updatedAt: now, _seq: seq } as Row;
      server.table(resource).set(row.id, next);
      return strip(next);
    },
  };
  const strip = ({ _seq, ...row }: Row): LocalRow => row;
  const result = (m: Mutation, httpStatus: number, message = '', data: unknown = null): MutationResult => ({
    id: m.id,
    httpStatus,
    status: httpStatus < 300 ? 0 : 1000 + httpStatus,
    message,
    data,
  });

  function apply(m: Mutation): MutationResult {
    const id = String(m.payload.id);
    const current = server.table(m.resource).get(id);
    const refusal = server.reject(m);
    if (typeof refusal === 'string') return result(m, 422, refusal);
    if (refusal) return result(m, refusal.httpStatus, refusal.message);
    const { rev, ...fields } = m.payload;
    if (m.op === 'create') {
      if (current) return result(m, 409, 'Exists', strip(current));
    } else {
      if (!current || current.deletedAt) return result(m, 404, 'Not found');
      if (rev !== current.rev) return result(m, 409, 'Changed by someone else', strip(current));
    }
    server.applied.push(m.id);
    const deletedAt = m.op === 'delete' ? new Date(1_700_000_000_000).toISOString() : null;
    return result(m, 200, 'OK', server.put(m.resource, { ...fields, id, deletedAt }));
  }

  const transport: Transport = {
    async push(mutations) {
      server.pushes.push(mutations);
      server.maxInFlight = Math.max(server.maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      const fault = faults.shift();
      if (fault instanceof ApiError) throw fault;
      const failed = new Set<string>();
      const results = mutations.map((m) => {
        const first = answered.get(m.id);
        if (first) return first;
        const key = `${m.resource}:${String(m.payload.id)}`;
        if (failed.has(key)) return result(m, 424, 'Skipped: an earlier change to this record failed');
        const r = apply(m);
        if (r.httpStatus >= 300) failed.add(key);
        // A definitive answer is remembered under its key (refusals too); transient ones are not.
        if (r.httpStatus < 500) answered.set(m.id, r);
        return r;
      });
      if (fault === 'lose-response') throw httpFailure(0, 'Network error');
      return { results };
    },
    async pull(cursors, limit) {
      server.pulls.push(cursors);
      const fault = faults.shift();
      if (fault instanceof ApiError) throw fault;
      const changes: Record<string, { rows: LocalRow[]; cursor: string; more: boolean }> = {};
      for (const [resource, cursor] of Object.entries(cursors)) {
        const since = Number(cursor || 0);
        const all = [...server.table(resource).values()]
          .filter((r) => r._seq > since)
          .sort((a, b) => a._seq - b._seq);
        const rows = all.slice(0, limit);
        changes[resource] = {
          rows: rows.map(strip),
          cursor: String(rows.at(-1)?._seq ?? since),
          more: all.length > limit,
        };
      }
      return { changes };
    },
  };
  return { server, transport };
}

/** Timers that fire only when the test advances time. */
export function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const clock: SyncClock & { advance(ms: number): void; delays: number[]; next(): number | null } = {
    now: () => now,
    delays: [],
    setTimeout(fn, ms) {
      clock.delays.push(ms);
      timers.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimeout(id) {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
    next: () => (timers.length ? Math.min(...timers.map((t) => t.at)) - now : null),
  };
  return clock;
}

/** Web Locks in memory: one holder at a time, the others queue. */
export function memoryLocks() {
  let tail: Promise<void> = Promise.resolve();
  return (): DrainLock => ({
    acquire: (signal) =>
      new Promise((resolve, reject) => {
        const previous = tail;
        let release!: () => void;
        tail = previous.then(() => new Promise<void>((r) => (release = r)));
        void previous.then(() => {
          if (!signal.aborted) return resolve(release);
          release();
          reject(signal.reason);
        });
      }),
  });
}
