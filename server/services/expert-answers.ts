import { randomUUID } from 'node:crypto';
import { notifications } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';
import { enqueue } from './delivery-queue.ts';

/**
 * The one place an answered question reaches its asker: an inbox row (read by the bell's poll),
 * written in the answer's own transaction, so it exists exactly when the answer does, and a Web
 * Push job on the delivery queue in the same transaction (one per question: its key).
 */
export async function notifyAsker(
  tx: Tx,
  o: { companyId: string; askerId: string; questionId: string; question: string; answer: string; now: Date },
) {
  const short = o.question.length > 80 ? `${o.question.slice(0, 79)}…` : o.question;
  const message = {
    companyId: o.companyId,
    userId: o.askerId,
    title: `Your question was answered: ${short}`,
    body: o.answer.slice(0, 1000),
    link: `expert-question/${o.questionId}`,
  };
  await tx.insert(notifications).values({ id: randomUUID(), ...message });
  await enqueue(
    tx,
    [{ ...message, key: `answer:${o.questionId}:${o.askerId}:push`, channel: 'push' }],
    o.now,
  );
}
