import { and, eq, sql } from 'drizzle-orm';
import type { LockedData } from '#contract/api-errors.ts';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES } from '#contract/constants.ts';
import { STATUS } from '#contract/envelope.ts';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';

export const LOCKED =
  'Your account is locked for 60 minutes after 5 failed sign-in attempts. Please try again later.';
/** The refusal of a locked account (sign-in, or a wrong current password when changing it). */
export const locked = (lockedUntil: Date) =>
  new ApiError(423, STATUS.locked, LOCKED, { lockedUntil: lockedUntil.toISOString() } satisfies LockedData);

const WINDOW_MS = LOCKOUT_MINUTES * 60_000;

export type AttemptKey = { companyCode: string; username: string };
export const attemptKey = (companyCode: string, username: string): AttemptKey => ({
  companyCode: companyCode.trim().toLowerCase(),
  username: username.trim().toLowerCase(),
});

/**
 * Counts this attempt BEFORE the password is checked, atomically, so a burst of parallel guesses
 * cannot slip past the limit; a success then clears the row. Failures older than the lockout
 * window, or from before an expired lock, no longer count.
 * Returns `lockedUntil` when the account is locked, or `busy` when more attempts than the limit are
 * in flight at once: both are refused without checking the password. A burst is not a lock: only
 * real failures lock (failAttempt), so six devices signing in together are told to retry, not
 * locked out for an hour.
 */
export async function beginAttempt(db: Db, key: AttemptKey, now: Date) {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...key, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [loginAttempts.companyCode, loginAttempts.username],
      set: {
        failures: sql`case
          when ${loginAttempts.lockedUntil} > ${now} then ${loginAttempts.failures}
          when ${loginAttempts.lockedUntil} is not null or ${loginAttempts.lastFailedAt} < ${windowStart} then 1
          else ${loginAttempts.failures} + 1 end`,
        lockedUntil: sql`case when ${loginAttempts.lockedUntil} > ${now} then ${loginAttempts.lockedUntil} end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  if (row.lockedUntil) return { lockedUntil: row.lockedUntil, busy: false, failures: row.failures };
  return { lockedUntil: null, busy: row.failures > LOCKOUT_ATTEMPTS, failures: row.failures };
}

/** After a wrong password: locks when this was the last allowed attempt. */
export async function failAttempt(db: Db, key: AttemptKey, failures: number, now: Date) {
  return failures >= LOCKOUT_ATTEMPTS ? lock(db, key, now) : null;
}

export async function clearAttempts(db: Db, key: AttemptKey) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.companyCode, key.companyCode), eq(loginAttempts.username, key.username)));
}

async function lock(db: Db, key: AttemptKey, now: Date) {
  const lockedUntil = new Date(now.getTime() + WINDOW_MS);
  await db
    .update(loginAttempts)
    .set({ lockedUntil })
    .where(and(eq(loginAttempts.companyCode, key.companyCode), eq(loginAttempts.username, key.username)));
  return lockedUntil;
}
