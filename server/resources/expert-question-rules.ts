import { and, eq } from 'drizzle-orm';
import { ANSWER_REQUIRED } from '#contract/resources/expert-question.ts';
import { users } from '../db/schema.ts';
import { notifyAsker } from '../services/expert-answers.ts';
import { invalid } from './record-shape.ts';
import { recordsRepository } from './records-repository.ts';
import type { ResourceRules, Tx } from './repository-types.ts';

const nameOf = async (tx: Tx, companyId: string, userId: string) => {
  const [u] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return u ? `${u.firstName} ${u.lastName}`.trim() : '';
};

type QuestionData = {
  question?: string;
  askerId?: string | null;
  askerName?: string;
  sendDate?: string;
  status?: string;
  answer?: string;
  answeredAt?: string;
};

/**
 * Who asked and when are the server's (kept on every edit, whatever a client sends); the status
 * follows the answer. The first answer notifies the asker once: a second edit of the answer, or a
 * replayed Push of the same change (stale rev, rolled back), finds the question already answered.
 */
export const expertQuestionRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const existing = await recordsRepository.find(tx, scope, id);
    const before = (existing?.data ?? {}) as QuestionData;
    const now = (scope.now ?? new Date()).toISOString();
    const answer = typeof fields.answer === 'string' ? fields.answer : '';
    const wasAnswered = before.status === 'answered';
    if (wasAnswered && !answer) throw invalid([{ path: 'answer', message: ANSWER_REQUIRED }]);
    const askerId = existing ? (before.askerId ?? null) : scope.userId;
    const question = existing ? (before.question ?? String(fields.question)) : String(fields.question);
    if (!wasAnswered && answer && askerId && askerId !== scope.userId)
      await notifyAsker(tx, {
        companyId: scope.companyId,
        askerId,
        questionId: id,
        question,
        answer,
        now: scope.now ?? new Date(),
      });
    return {
      question,
      askerId,
      askerName: existing ? (before.askerName ?? '') : await nameOf(tx, scope.companyId, scope.userId),
      sendDate: existing ? (before.sendDate ?? now) : now,
      status: answer ? 'answered' : 'waiting',
      answeredAt: wasAnswered ? (before.answeredAt ?? now) : answer ? now : '',
    };
  },
};
