import { randomUUID } from 'node:crypto';
import type { ResourceDef } from '#contract/resource.ts';
import { expertQuestion } from '#contract/resources/expert-question.ts';
import { applyOp } from '../resources/operations.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';

/** The learner app's question: a create of the resource in the learner's own name. */
export async function askExpert(
  tx: Tx,
  o: { companyId: string; userId: string; now: Date; question: string; topic: string },
) {
  const scope: Scope = { companyId: o.companyId, userId: o.userId, resource: 'ExpertQuestion', now: o.now };
  const out = await applyOp(tx, scope, expertQuestion as unknown as ResourceDef, 'create', {
    id: randomUUID(),
    question: o.question,
    topic: o.topic,
  });
  return out.data;
}
