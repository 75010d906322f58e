import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '#contract/constants.ts';
import type { Db } from '../db/client.ts';
import { companies, passwordResets, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { attemptKey, clearAttempts } from './lockout.ts';
import { revokeUserSessions } from './sessions.ts';

const MAX_PER_WINDOW = 3;

/** A new single-use reset token, or null when this user already got enough of them lately. */
export async function issueResetToken(db: Db, userId: string, now: Date) {
  const since = new Date(now.getTime() - RESET_TOKEN_TTL_MINUTES * 60_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  if (n >= MAX_PER_WINDOW) return null;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
  await db.insert(passwordResets).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return token;
}

/**
 * Spends the token (atomically: the UPDATE only matches an unused, unexpired one) and sets the
 * password. Also spends the user's other reset links, ends their sessions and lifts a lockout.
 * Returns false for an unknown, used or expired token.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, now: Date) {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, spent.userId), eq(users.active, true)))
      .returning({ id: users.id, username: users.username, companyId: users.companyId });
    if (!user) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await revokeUserSessions(tx as unknown as Db, user.id, now);
    const [company] = await tx
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    await clearAttempts(tx as unknown as Db, attemptKey(company.code, user.username));
    return true;
  });
}
