import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { processedMutations } from '../db/schema.ts';
import type { Outcome } from './operations.ts';
import type { Tx } from './repository-types.ts';

export type IdempotencyKey = { companyId: string; id: string; resource: string };
/** The answer of an effect, or the stored first answer of its key. */
export type Answer = Omit<Outcome, 'data'> & { data: unknown };

/** The optional `Idempotency-Key` header of a write route. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .uuid()
    .optional()
    .describe('A uuid; a replay with the same key returns the first answer and changes nothing.'),
});

class Replayed extends Error {}

/** The stored first answer of a key, if its effect committed. */
export async function storedAnswer(db: Tx, key: IdempotencyKey) {
  const [prior] = await db
    .select({ response: processedMutations.response })
    .from(processedMutations)
    .where(and(eq(processedMutations.companyId, key.companyId), eq(processedMutations.id, key.id)));
  return prior?.response as Answer | undefined;
}

/**
 * Exactly once per key: the effect and its answer commit in ONE transaction, and the key's
 * primary key lets only the first commit; a replay (even a concurrent one) rolls its own effect
 * back and gets the first answer. A refusal throws, rolls back and is not remembered.
 */
export async function once(
  db: Db,
  key: IdempotencyKey | null,
  effect: (tx: Tx) => Promise<Answer & { data: { id: string } }>,
) {
  if (!key) return db.transaction((tx): Promise<Answer> => effect(tx));
  try {
    return await db.transaction(async (tx): Promise<Answer> => {
      const outcome = await effect(tx);
      const stored = await tx
        .insert(processedMutations)
        .values({ ...key, recordId: outcome.data.id, httpStatus: outcome.httpStatus, response: outcome })
        .onConflictDoNothing()
        .returning({ id: processedMutations.id });
      if (!stored.length) throw new Replayed();
      return outcome;
    });
  } catch (err) {
    // A replay's effect usually fails (the id exists, the rev moved on): the first answer stands.
    const prior = await storedAnswer(db, key).catch(() => undefined);
    if (prior) return prior;
    throw err;
  }
}

/** The stored first answers of many keys of one company, by key id (one statement). */
export async function storedAnswers(tx: Tx, companyId: string, ids: readonly string[]) {
  const found = new Map<string, Answer>();
  if (!ids.length) return found;
  const rows = await tx
    .select({ id: processedMutations.id, response: processedMutations.response })
    .from(processedMutations)
    .where(and(eq(processedMutations.companyId, companyId), inArray(processedMutations.id, [...ids])));
  for (const r of rows) found.set(r.id, r.response as Answer);
  return found;
}

/**
 * Stores the answers of effects applied in the caller's transaction (one statement). Returns
 * false when a key was already taken, i.e. another transaction applied it first: the caller must
 * then roll back and try again, to give that first answer instead.
 */
export async function storeAnswers(
  tx: Tx,
  entries: readonly { key: IdempotencyKey; answer: Answer & { data: { id: string } } }[],
) {
  if (!entries.length) return true;
  const stored = await tx
    .insert(processedMutations)
    .values(
      entries.map(({ key, answer }) => ({
        ...key,
        recordId: answer.data.id,
        httpStatus: answer.httpStatus,
        response: answer,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: processedMutations.id });
  return stored.length === entries.length;
}
