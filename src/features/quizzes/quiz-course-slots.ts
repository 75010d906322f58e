import { COURSE_QUIZ_LIMIT, COURSE_QUIZ_SAME_TYPE } from '#contract/resources/course-messages.ts';
import type { QuizType } from '#contract/resources/quiz.ts';
import type { LocalDb } from '@/data/db/local-db';

/**
 * Spec section 9, read from the local rows before a save is queued (the server refuses it too,
 * server/resources/quiz-rules.ts): quiz `id` becoming `type` must leave every course that links
 * it with at most one pre-test and one post-test, a pre-post quiz filling both. The message, or null.
 */
export async function courseSlotProblem(db: LocalDb, id: string, type: QuizType): Promise<string | null> {
  const courses = (await db.rows('Course').toArray()).filter(
    (c) => !c.deletedAt && Array.isArray(c.quizIds) && (c.quizIds as unknown[]).includes(id),
  );
  if (!courses.length) return null;
  const types = new Map((await db.rows('Quiz').toArray()).map((q) => [q.id, String(q.type)]));
  for (const course of courses) {
    let pre = 0;
    let post = 0;
    for (const quizId of course.quizIds as string[]) {
      const t = quizId === id ? type : types.get(quizId);
      if (t === 'pre' || t === 'prePost') pre++;
      if (t === 'post' || t === 'prePost') post++;
    }
    if (pre + post > 2) return COURSE_QUIZ_LIMIT;
    if (pre > 1 || post > 1) return COURSE_QUIZ_SAME_TYPE;
  }
  return null;
}
