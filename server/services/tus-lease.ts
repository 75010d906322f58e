import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tusUploads } from '../db/schema.ts';
import type { TusState } from '../lib/file-store.ts';

/**
 * One writer per upload across every API process: a PATCH takes a lease on the upload's row by
 * compare-and-set, renews it while the body streams, and clears it at the end. Each step is one
 * short statement (PGlite has one connection: no transaction stays open during a transfer). A
 * lease whose holder died expires and can be taken. Times are the database's, shared by all
 * processes.
 */
export const LEASE_SECONDS = 30;
export const RENEW_MS = 10_000;
const until = sql.raw(`now() + interval '${LEASE_SECONDS} seconds'`);

export class LeaseLostError extends Error {
  constructor() {
    super('The upload lease was lost to another request.');
  }
}

/** The upload's row as it is now, if the lease was free (or expired) and is now `owner`'s. */
export async function takeLease(db: Db, id: string, owner: string, now: Date) {
  const [row] = await db
    .update(tusUploads)
    .set({ lockOwner: owner, lockedUntil: until, updatedAt: now })
    .where(
      and(eq(tusUploads.id, id), or(isNull(tusUploads.lockedUntil), lt(tusUploads.lockedUntil, sql`now()`))),
    )
    .returning();
  return row;
}

/** Extends the lease, saving `state` with it when given; LeaseLostError when it is not ours. */
export async function renewLease(db: Db, id: string, owner: string, now: Date, state?: TusState) {
  const rows = await db
    .update(tusUploads)
    .set({ lockedUntil: until, updatedAt: now, ...(state === undefined ? {} : { storeState: state }) })
    .where(and(eq(tusUploads.id, id), eq(tusUploads.lockOwner, owner)))
    .returning({ id: tusUploads.id });
  if (rows.length === 0) throw new LeaseLostError();
}

export const releaseLease = (db: Db, id: string, owner: string, now: Date) =>
  db
    .update(tusUploads)
    .set({ lockOwner: null, lockedUntil: null, updatedAt: now })
    .where(and(eq(tusUploads.id, id), eq(tusUploads.lockOwner, owner)));
