import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { processedMutations } from '../db/schema.ts';
import type { Outcome } from './operations.ts';
import type { Tx } from './repository.ts';

export type IdempotencyKey = { companyId: string; id: string; resource: string };
/** The answer of an effect, or the stored first answer of its key. */
export type Answer = Omit<Outcome, 'data'> & { data: unknown };

/**
 * Exactly once per key: the key is claimed, the effect applied and its answer stored in ONE
 * transaction, so a replay (even a concurrent one, which waits on the claim) returns the first
 * answer and changes nothing; a refusal throws, rolls back the claim and is not remembered.
 */
export async function once(db: Db, key: IdempotencyKey | null, effect: (tx: Tx) => Promise<Outcome>) {
  return db.transaction(async (tx): Promise<Answer> => {
    if (!key) return effect(tx);
    const where = and(eq(processedMutations.companyId, key.companyId), eq(processedMutations.id, key.id));
    const claimed = await tx
      .insert(processedMutations)
      .values({ companyId: key.companyId, id: key.id, resource: key.resource })
      .onConflictDoNothing()
      .returning({ id: processedMutations.id });
    if (!claimed.length) {
      const [prior] = await tx
        .select({ response: processedMutations.response })
        .from(processedMutations)
        .where(where);
      return prior.response as Answer;
    }
    const outcome = await effect(tx);
    await tx
      .update(processedMutations)
      .set({ recordId: outcome.data.id, httpStatus: outcome.httpStatus, response: outcome })
      .where(where);
    return outcome;
  });
}
