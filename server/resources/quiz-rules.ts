import { and, eq, isNull, sql } from 'drizzle-orm';
import { QUIZ_IN_COURSE } from '#contract/resources/quiz-messages.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRules } from './repository-types.ts';

/**
 * The quiz's own structure is the contract's refine (two options, a correct one...). Here: a quiz
 * that a live course of the company links in its `quizIds` stays, or the course would name a
 * quiz its learners can no longer take.
 */
export const quizRules: ResourceRules = {
  async beforeDelete(tx, scope, id) {
    const [course] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Course'),
          isNull(records.deletedAt),
          sql`${records.data} -> 'quizIds' @> ${JSON.stringify([id])}::jsonb`,
        ),
      )
      .limit(1);
    if (course) throw invalid([{ path: 'id', message: QUIZ_IN_COURSE }]);
  },
};
