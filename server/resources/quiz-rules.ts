import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COURSE_QUIZ_LIMIT, COURSE_QUIZ_SAME_TYPE } from '#contract/resources/course-messages.ts';
import { PASSING_SCORE_FIRST, QUIZ_IN_COURSE } from '#contract/resources/quiz-messages.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

/** The live courses of the company that link quiz `id` in their `quizIds`. */
const linkingCourses = (tx: Tx, scope: Scope, id: string) =>
  tx
    .select({
      id: records.id,
      quizIds: sql<string[]>`${records.data} -> 'quizIds'`,
      certificate: sql<boolean | null>`(${records.data} ->> 'certificate')::boolean`,
    })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        eq(records.resource, 'Course'),
        isNull(records.deletedAt),
        sql`${records.data} -> 'quizIds' @> ${JSON.stringify([id])}::jsonb`,
      ),
    );

const slots = (type: string) => ({
  pre: type === 'pre' || type === 'prePost' ? 1 : 0,
  post: type === 'post' || type === 'prePost' ? 1 : 0,
});

/**
 * The quiz's own structure is the contract's refine (two options, a correct one...). Here, the
 * courses that link it: a linked quiz cannot be deleted (the course would name a quiz its learners
 * can no longer take), and its type cannot change so that a course breaks spec section 9 (at most
 * one pre-test and one post-test; a pre-post quiz fills both).
 */
export const quizRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const courses = await linkingCourses(tx, scope, id);
    // Spec section 5: a course's certificate stands on its post-test's passing score.
    if (courses.some((c) => c.certificate)) {
      const stored = (await findLive(tx, scope, 'Quiz', id))?.data as { type?: string } | undefined;
      const wasPost = stored?.type === 'post' || stored?.type === 'prePost';
      const isPost = fields.type === 'post' || fields.type === 'prePost';
      if (wasPost && (!isPost || fields.passingScore === null))
        throw invalid([{ path: 'passingScore', message: PASSING_SCORE_FIRST }]);
    }
    const others = [...new Set(courses.flatMap((c) => c.quizIds).filter((q) => q !== id))];
    const types = new Map<string, string>();
    if (others.length) {
      const rows = await tx
        .select({ id: records.id, type: sql<string>`${records.data} ->> 'type'` })
        .from(records)
        .where(
          and(
            eq(records.companyId, scope.companyId),
            eq(records.resource, 'Quiz'),
            isNull(records.deletedAt),
            inArray(records.id, others),
          ),
        );
      for (const r of rows) types.set(r.id, r.type);
    }
    for (const course of courses) {
      let pre = 0;
      let post = 0;
      for (const quizId of course.quizIds) {
        const s = slots(quizId === id ? String(fields.type) : (types.get(quizId) ?? ''));
        pre += s.pre;
        post += s.post;
      }
      if (pre + post > 2) throw invalid([{ path: 'type', message: COURSE_QUIZ_LIMIT }]);
      if (pre > 1 || post > 1) throw invalid([{ path: 'type', message: COURSE_QUIZ_SAME_TYPE }]);
    }
  },
  async beforeDelete(tx, scope, id) {
    const [course] = await linkingCourses(tx, scope, id).limit(1);
    if (course) throw invalid([{ path: 'id', message: QUIZ_IN_COURSE }]);
  },
};
