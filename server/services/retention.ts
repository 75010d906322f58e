import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '#contract/audit.ts';
import { LOCKOUT_MINUTES } from '#contract/constants.ts';
import type { Db } from '../db/client.ts';
import { auditLog, loginAttempts, passwordResets, processedMutations, sessions } from '../db/schema.ts';

const DAY = 86_400_000;

/**
 * How long bookkeeping rows are kept once they no longer matter. A push replayed after its
 * mutation id was pruned is still safe: a create carries its record id (a second one is refused)
 * and an update its base revision (a stale one is a conflict), so nothing is applied twice.
 */
export const RETENTION = {
  processedMutationsDays: 90,
  endedSessionsDays: 30,
  passwordResetsDays: 7,
};

/** Deletes what has outlived its use (and activity older than its retention); returns how many rows of each kind went. */
export async function pruneExpired(db: Db, now: Date, auditRetentionDays = AUDIT_RETENTION_DAYS_DEFAULT) {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const mutations = await db
    .delete(processedMutations)
    .where(lt(processedMutations.createdAt, before(RETENTION.processedMutationsDays)))
    .returning({ id: processedMutations.id });
  const ended = before(RETENTION.endedSessionsDays);
  const oldSessions = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, ended), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, ended))),
    )
    .returning({ id: sessions.id });
  const resets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, before(RETENTION.passwordResetsDays)))
    .returning({ id: passwordResets.id });
  // A failure outside the lockout window no longer counts, and a lock that ended is over.
  const windowStart = new Date(now.getTime() - LOCKOUT_MINUTES * 60_000);
  const attempts = await db
    .delete(loginAttempts)
    .where(
      and(
        or(sql`${loginAttempts.lastFailedAt} is null`, lt(loginAttempts.lastFailedAt, windowStart)),
        or(sql`${loginAttempts.lockedUntil} is null`, lt(loginAttempts.lockedUntil, now)),
      ),
    )
    .returning({ username: loginAttempts.username });
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.at, before(auditRetentionDays)))
    .returning({ id: auditLog.id });
  return {
    auditLog: audit.length,
    processedMutations: mutations.length,
    sessions: oldSessions.length,
    passwordResets: resets.length,
    loginAttempts: attempts.length,
  };
}
