import { and, eq } from 'drizzle-orm';
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

async function storedAnswer(db: Db, key: IdempotencyKey) {
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
