import { and, asc, eq, isNull } from 'drizzle-orm';
import type { QuizSlot } from '#contract/learner-courses.ts';
import type { Tx } from '../resources/repository-types.ts';
import type { CourseData, Learner, LiveCourse } from '../services/course-access.ts';
import { assignedUserIds } from '../services/course-audience.ts';
import { recordVideoProgress } from '../services/course-progress.ts';
import { courseQuizzes, type QuizData } from '../services/course-quizzes.ts';
import { startQuiz, submitQuiz } from '../services/quiz-attempts.ts';
import { records, users } from './schema.ts';

const DAY = 86_400_000;
/** A player reporting every 20 s at normal speed (never refused by prohibit-forward). */
const REPORT_EVERY = 20;

/** What one demo learner did in a course, by their place in the course's list. */
const STORIES = ['finished', 'halfway', 'nothing', 'failedPost', 'finished', 'oneVideo'] as const;
type Story = (typeof STORIES)[number];

async function watch(tx: Tx, who: Learner, c: LiveCourse, index: number, at: number) {
  const v = c.videos[index]!;
  let t = at;
  if (v.durationSeconds <= 0) {
    await recordVideoProgress(
      tx,
      who,
      { courseId: c.id, videoItemId: v.id, position: 0, completed: true },
      new Date(t),
    );
    return t + 60_000;
  }
  for (let p = 0; ; p = Math.min(v.durationSeconds, p + REPORT_EVERY)) {
    await recordVideoProgress(tx, who, { courseId: c.id, videoItemId: v.id, position: p }, new Date(t));
    if (p >= v.durationSeconds) break;
    t += REPORT_EVERY * 1000;
  }
  return t + 60_000;
}

/** Answers every question right, or the first one wrong (a fail when it matters). */
async function takeQuiz(
  tx: Tx,
  who: Learner,
  c: LiveCourse,
  q: QuizData,
  slot: QuizSlot,
  right: boolean,
  at: number,
) {
  const attempt = await startQuiz(tx, who, c.id, slot, new Date(at));
  const answers: Record<string, string[]> = {};
  q.sections
    .flatMap((s) => s.questions)
    .forEach((question, i) => {
      const correct = question.options.filter((o) => o.correct).map((o) => o.id);
      const wrong = question.options.find((o) => !o.correct)?.id;
      answers[question.id] = right || i > 0 || !wrong ? correct : [wrong];
    });
  await submitQuiz(tx, who, { attemptId: attempt.id, answers }, new Date(at + 4 * 60_000));
}

async function tell(tx: Tx, who: Learner, c: LiveCourse, story: Story, start: number, now: number) {
  const quizzes = await courseQuizzes(tx, who, c);
  let t = start;
  if (story === 'nothing') return;
  if (quizzes.pre) {
    await takeQuiz(tx, who, c, quizzes.pre, 'pre', story === 'finished', t);
    t += 10 * 60_000;
  }
  const videos =
    story === 'halfway' ? Math.ceil(c.videos.length / 2) : story === 'oneVideo' ? 1 : c.videos.length;
  for (let i = 0; i < Math.min(videos, c.videos.length); i++) {
    if (t + (c.videos[i]!.durationSeconds + 60) * 1000 >= now) return;
    t = await watch(tx, who, c, i, t);
    t += DAY / 3;
  }
  if (quizzes.post && (story === 'finished' || story === 'failedPost') && t + 5 * 60_000 < now)
    await takeQuiz(tx, who, c, quizzes.post, 'post', story === 'finished', t);
}

/**
 * Believable progress in the company's live assignment courses (none while there are none): up to
 * six of each course's active learners, each with a story (finished, halfway, not started, failed
 * the post-test, one video), told through the learner calls' own services with the clock spread
 * over the past weeks from the course's start, so the course report shows several states.
 */
export async function seedProgress(tx: Tx, companyId: string, now: Date) {
  const rows = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(and(eq(records.companyId, companyId), eq(records.resource, 'Course'), isNull(records.deletedAt)))
    .orderBy(asc(records.createdAt), asc(records.id));
  let told = 0;
  for (const [ci, row] of rows.entries()) {
    const c = { ...(row.data as CourseData), id: row.id };
    const opens = Date.parse(c.startAt);
    if (opens >= now.getTime()) continue;
    const ids = await assignedUserIds(tx, companyId, c);
    const learners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.userType, 'user')))
      .orderBy(asc(users.employeeId));
    const mine = learners.filter((u) => ids.has(u.id)).slice(0, STORIES.length);
    for (const [i, u] of mine.entries()) {
      const story = STORIES[(i + ci) % STORIES.length]!;
      // Each learner begins a few days after the other, within the last four weeks.
      const from = Math.max(opens, now.getTime() - 28 * DAY) + (i + 1) * DAY + 9 * 3_600_000;
      if (from >= now.getTime()) continue;
      await tell(tx, { companyId, userId: u.id }, c, story, from, now.getTime());
      told++;
    }
  }
  return told;
}
