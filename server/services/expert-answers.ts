import { randomUUID } from 'node:crypto';
import { notifications } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';

/**
 * The one place an answered question reaches its asker: an inbox row (read by the bell's poll),
 * written in the answer's own transaction, so it exists exactly when the answer does. The
 * notifications helper's queue (push, e-mail) hooks in here later.
 */
export async function notifyAsker(
  tx: Tx,
  o: { companyId: string; askerId: string; questionId: string; question: string; answer: string },
) {
  const short = o.question.length > 80 ? `${o.question.slice(0, 79)}…` : o.question;
  await tx.insert(notifications).values({
    id: randomUUID(),
    companyId: o.companyId,
    userId: o.askerId,
    title: `Your question was answered: ${short}`,
    body: o.answer.slice(0, 1000),
    link: `expert-question/${o.questionId}`,
  });
}
