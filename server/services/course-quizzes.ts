import type { z } from 'zod';
import type { QuizSlot } from '#contract/learner-courses.ts';
import type { quiz } from '#contract/resources/quiz.ts';
import { findLive } from '../resources/records-repository.ts';
import type { Tx } from '../resources/repository-types.ts';
import type { Learner, LiveCourse } from './course-access.ts';

export type QuizData = z.infer<typeof quiz.fields> & { id: string };

/**
 * The course's pre-test and post-test: its live quizzes by type, a pre-post quiz filling both
 * slots (spec sections 4 and 5). A deleted quiz leaves its slot empty.
 */
export async function courseQuizzes(tx: Tx, who: Learner, c: Pick<LiveCourse, 'quizIds'>) {
  const slots: Partial<Record<QuizSlot, QuizData>> = {};
  for (const id of c.quizIds) {
    const row = await findLive(tx, { ...who, resource: 'Quiz' }, 'Quiz', id);
    if (!row) continue;
    const q = { ...(row.data as Omit<QuizData, 'id'>), id: row.id };
    if (q.type !== 'post') slots.pre ??= q;
    if (q.type !== 'pre') slots.post ??= q;
  }
  return slots;
}
