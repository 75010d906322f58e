import { and, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Channel } from '#contract/notification-send.ts';
import type { Db } from '../db/client.ts';
import { deliveryJobs } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';

/*
 * The delivery queue: a table, not pg-boss or graphile-worker. Both need a real PostgreSQL server
 * (their own pg Pool, LISTEN/NOTIFY, advisory locks, a schema they migrate) and do not run on the
 * embedded PGlite that `npm start` uses; this queue is the same few SQL statements on both.
 *
 * Guarantees:
 * - One job per delivery: `key` is unique ("send:{sendId}:{userId}:{channel}",
 *   "reminder:end:{courseId}:{userId}:{channel}", ...) and jobs are inserted `on conflict do
 *   nothing`, so sending, expanding or reminding twice never makes a second job.
 * - One worker per job: a claim selects due jobs `for update skip locked` and moves them to
 *   `sending` with a lease in the same transaction, so with several API processes on PostgreSQL
 *   two workers never hold the same job (PGlite has one connection: the lock is trivially held).
 * - At most one delivery per recipient and channel, also when a worker dies mid-send: a job whose
 *   lease ran out while `sending` is re-run only where a repeat cannot reach the user twice (the
 *   inbox row is written in the transaction that marks the job sent; LINE drops a second push with
 *   the same X-Line-Retry-Key). An e-mail or Web Push may already have left, so such a job is
 *   failed with the reason instead of being sent again.
 * - Transient failures (a 5xx, a refused connection, 429) retry with exponential backoff and
 *   jitter up to MAX_ATTEMPTS; permanent ones (a 400, no address) fail at once with the reason.
 * - Everything is in the database: a restart loses nothing; queued jobs are picked up again.
 */

export const MAX_ATTEMPTS = 5;
export const LEASE_MS = 2 * 60_000;
const BACKOFF_MS = 30_000;
/** Channels whose repeat after an interrupted send cannot deliver twice (see above). */
const REPEATABLE: ReadonlySet<Channel> = new Set(['inbox', 'line']);
export const INTERRUPTED =
  'Interrupted while sending (the server stopped); not sent again so it is never received twice.';

export type Job = typeof deliveryJobs.$inferSelect;
export type NewJob = Pick<Job, 'companyId' | 'key' | 'userId' | 'channel' | 'title' | 'body' | 'link'> & {
  sendId?: string | null;
};

/** A failure the queue should not retry (a 400, a missing address). */
export class PermanentError extends Error {}

/** Adds jobs; those whose key exists are left as they are. Returns how many were new. */
export async function enqueue(tx: Tx | Db, jobs: NewJob[], now: Date) {
  let added = 0;
  for (let i = 0; i < jobs.length; i += 1000) {
    const rows = await tx
      .insert(deliveryJobs)
      .values(jobs.slice(i, i + 1000).map((j) => ({ ...j, runAt: now })))
      .onConflictDoNothing({ target: deliveryJobs.key })
      .returning({ id: deliveryJobs.id });
    added += rows.length;
  }
  return added;
}

/**
 * Claims up to `limit` due jobs for this worker: queued ones whose time came, and `sending` ones
 * whose lease ran out (their worker died). Atomic: a job is claimed by one worker only.
 */
export async function claim(db: Db, now: Date, limit: number): Promise<Job[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveryJobs.id })
      .from(deliveryJobs)
      .where(
        or(
          and(eq(deliveryJobs.state, 'queued'), lte(deliveryJobs.runAt, now)),
          and(eq(deliveryJobs.state, 'sending'), lte(deliveryJobs.lockedUntil, now)),
        ),
      )
      .orderBy(deliveryJobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    // Interrupted e-mail and push: failed, never re-sent (the guarantee above).
    await tx
      .update(deliveryJobs)
      .set({ state: 'failed', error: INTERRUPTED, lockedUntil: null })
      .where(
        and(
          inArray(deliveryJobs.id, ids),
          eq(deliveryJobs.state, 'sending'),
          notInArray(deliveryJobs.channel, [...REPEATABLE]),
        ),
      );
    return tx
      .update(deliveryJobs)
      .set({
        state: 'sending',
        attempts: sql`${deliveryJobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + LEASE_MS),
      })
      .where(and(inArray(deliveryJobs.id, ids), inArray(deliveryJobs.state, ['queued', 'sending'])))
      .returning();
  });
}

/** Marks claimed jobs sent (only those this claim still holds). */
export async function markSent(tx: Tx | Db, jobs: Job[], now: Date) {
  await tx
    .update(deliveryJobs)
    .set({ state: 'sent', sentAt: now, lockedUntil: null, error: null })
    .where(
      and(
        inArray(
          deliveryJobs.id,
          jobs.map((j) => j.id),
        ),
        eq(deliveryJobs.state, 'sending'),
      ),
    );
}

/** A failed attempt: retried later with backoff when transient and attempts remain, else failed. */
export async function markFailed(db: Db, job: Job, err: unknown, now: Date) {
  const reason = reasonOf(err);
  const retry = !(err instanceof PermanentError) && job.attempts < MAX_ATTEMPTS;
  const delay = BACKOFF_MS * 2 ** (job.attempts - 1) * (0.75 + Math.random() / 2);
  await db
    .update(deliveryJobs)
    .set(
      retry
        ? { state: 'queued', runAt: new Date(now.getTime() + delay), lockedUntil: null, error: reason }
        : { state: 'failed', lockedUntil: null, error: reason },
    )
    .where(and(eq(deliveryJobs.id, job.id), eq(deliveryJobs.state, 'sending')));
}

function reasonOf(err: unknown) {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500) || 'Unknown error';
}
