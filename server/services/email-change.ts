import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TTL_HOURS } from '#contract/constants.ts';
import type { Db } from '../db/client.ts';
import { emailChanges, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3_600_000;
/** Requests one user may make per TTL: each sends mail to an address the caller chose. */
export const MAX_EMAIL_CHANGES = 5;

/**
 * Asks for a new address: spends the user's earlier unconfirmed requests and returns the token of
 * the link to mail to the new address, or null when this user asked too often lately.
 */
export async function requestEmailChange(db: Db, userId: string, newEmail: string, now: Date) {
  return db.transaction(async (tx) => {
    const since = new Date(now.getTime() - TTL_MS);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), gt(emailChanges.createdAt, since)));
    if (n >= MAX_EMAIL_CHANGES) return null;
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    const token = newToken();
    await tx.insert(emailChanges).values({
      tokenHash: hashToken(token),
      userId,
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TTL_MS),
    });
    return token;
  });
}

/** The address waiting for its link to be opened, if any. */
export async function pendingEmailOf(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * Spends the token (atomically: only an unused, unexpired one matches) and sets the address. The
 * user row gets a new revision and sync sequence, so the admins' User lists learn the change.
 * Returns false for an unknown, used, replaced or expired token, or a deleted user.
 */
export async function confirmEmailChange(db: Db, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.tokenHash, hashToken(token)),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
        ),
      )
      .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({
        email: spent.newEmail,
        updatedAt: now,
        rev: sql`${users.rev} + 1`,
        seq: sql`nextval('records_seq')`,
      })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return !!user;
  });
}
