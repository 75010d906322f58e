import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import {
  ANSWER_UNKNOWN,
  ATTEMPT_NOT_FOUND,
  ATTEMPT_SUBMITTED,
  ATTEMPTS_USED,
  type MyResult,
  NO_QUIZ_IN_SLOT,
  QUIZ_GRACE_SECONDS,
  QUIZ_TIME_UP,
  type QuizAttemptOut,
  type QuizSlot,
  type SubmitQuizRequest,
} from '#contract/learner-courses.ts';
import type { QuestionKind } from '#contract/resources/quiz.ts';
import { quizAttempts, records } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { invalid } from '../resources/record-shape.ts';
import type { Tx } from '../resources/repository-types.ts';
import { courseForLearner, type Learner } from './course-access.ts';
import { lockLearner, postTestLock, refreshCourseProgress, videoRows } from './course-progress.ts';
import { courseQuizzes, type QuizData } from './course-quizzes.ts';

/** The quiz as one attempt showed it: order, options with their correct flags, settings. */
type Snapshot = {
  name: string;
  attemptLimit: number;
  showSelectedAnswers: boolean;
  showCorrectAnswers: boolean;
  questions: {
    id: string;
    sectionTitle: string;
    text: string;
    kind: QuestionKind;
    score: number;
    options: { id: string; text: string; correct: boolean }[];
  }[];
};
type AttemptRow = typeof quizAttempts.$inferSelect;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function snapshotOf(q: QuizData): Snapshot {
  const questions = q.sections.flatMap((s) =>
    s.questions.map((question) => ({
      id: question.id,
      sectionTitle: s.title,
      text: question.text,
      kind: question.kind,
      score: question.score,
      options: (q.randomOrder ? shuffled(question.options) : question.options).map((o) => ({
        id: o.id,
        text: o.text,
        correct: o.correct,
      })),
    })),
  );
  return {
    name: q.name,
    attemptLimit: q.attemptLimit,
    showSelectedAnswers: q.showSelectedAnswers,
    showCorrectAnswers: q.showCorrectAnswers,
    questions: q.randomOrder ? shuffled(questions) : questions,
  };
}

const graceEnd = (row: Pick<AttemptRow, 'deadline'>) =>
  row.deadline ? row.deadline.getTime() + QUIZ_GRACE_SECONDS * 1000 : Number.POSITIVE_INFINITY;
export const isOpen = (row: Pick<AttemptRow, 'deadline' | 'submittedAt'>, now: Date) =>
  !row.submittedAt && now.getTime() <= graceEnd(row);

/**
 * An attempt as the learner may see it. Before submitting: questions and options only, never a
 * correct flag. After: the options chosen when the quiz shows selected answers, the correct ones
 * when it shows correct answers; the score always.
 */
export function attemptOut(row: AttemptRow, now: Date): QuizAttemptOut {
  const s = row.questions as Snapshot;
  const done = !!row.submittedAt;
  const chosen = row.answers ?? {};
  return {
    id: row.id,
    courseId: row.courseId,
    quizId: row.quizId,
    quizName: s.name,
    slot: row.slot,
    attemptNumber: row.attemptNumber,
    attemptLimit: s.attemptLimit,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    timedOut: !done && now.getTime() > graceEnd(row),
    score: row.score,
    total: row.total,
    passingScore: row.passingScore,
    passed: row.passed,
    questions: s.questions.map((q) => ({
      id: q.id,
      sectionTitle: q.sectionTitle,
      text: q.text,
      kind: q.kind,
      score: q.score,
      options: q.options.map((o) => ({
        id: o.id,
        text: o.text,
        ...(done && s.showSelectedAnswers ? { selected: (chosen[q.id] ?? []).includes(o.id) } : {}),
        ...(done && s.showCorrectAnswers ? { correct: o.correct } : {}),
      })),
    })),
  };
}

export async function attemptsOf(tx: Tx, who: Learner, courseId: string, slot?: QuizSlot) {
  return tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.companyId, who.companyId),
        eq(quizAttempts.courseId, courseId),
        eq(quizAttempts.userId, who.userId),
        slot ? eq(quizAttempts.slot, slot) : undefined,
      ),
    )
    .orderBy(asc(quizAttempts.attemptNumber));
}

/**
 * StartQuiz: the course's pre- or post-test (the post-test only once the course's post-test
 * condition is met). An open attempt (not submitted, time not up) is resumed rather than a new one
 * made; otherwise a new one, if the quiz's attempt limit allows (every started attempt counts,
 * timed out ones included). Random order is drawn here and kept in the attempt.
 */
export async function startQuiz(tx: Tx, who: Learner, courseId: string, slot: QuizSlot, now: Date) {
  const c = await courseForLearner(tx, who, courseId, now);
  const q = (await courseQuizzes(tx, who, c))[slot];
  if (!q) throw notFound(NO_QUIZ_IN_SLOT);
  await lockLearner(tx, who);
  if (slot === 'post') {
    const lock = postTestLock(c, await videoRows(tx, who, c.id));
    if (lock) throw new ApiError(409, STATUS.conflict, lock);
  }
  const prior = await attemptsOf(tx, who, c.id, slot);
  const open = prior.find((a) => isOpen(a, now));
  if (open) return attemptOut(open, now);
  if (q.attemptLimit > 0 && prior.length >= q.attemptLimit)
    throw new ApiError(409, STATUS.conflict, ATTEMPTS_USED);
  const snapshot = snapshotOf(q);
  const [row] = await tx
    .insert(quizAttempts)
    .values({
      companyId: who.companyId,
      courseId: c.id,
      quizId: q.id,
      userId: who.userId,
      slot,
      attemptNumber: prior.length + 1,
      startedAt: now,
      deadline: q.timeLimitMinutes > 0 ? new Date(now.getTime() + q.timeLimitMinutes * 60_000) : null,
      questions: snapshot,
      total: snapshot.questions.reduce((n, x) => n + x.score, 0),
      passingScore: q.passingScore,
    })
    .returning();
  await refreshCourseProgress(tx, who, c, now);
  return attemptOut(row!, now);
}

/**
 * Scoring (no partial credit): a single-choice question earns its score when exactly its one
 * correct option is chosen; a multiple-choice question when exactly its set of correct options is
 * chosen (a missing or an extra option earns 0). Unanswered questions earn 0.
 */
export function scoreOf(s: Snapshot, answers: Record<string, string[]>) {
  let score = 0;
  for (const q of s.questions) {
    const chosen = new Set(answers[q.id] ?? []);
    const correct = q.options.filter((o) => o.correct).map((o) => o.id);
    if (chosen.size === correct.length && correct.every((id) => chosen.has(id))) score += q.score;
  }
  return score;
}

/**
 * SubmitQuiz: scored on the server against the attempt's snapshot. Passed = score >= passing
 * score; a quiz without a passing score is passed by submitting it. A submission later than the
 * time limit plus QUIZ_GRACE_SECONDS is refused (409) and the attempt stays unsubmitted (timed out;
 * it still counts against the attempt limit).
 */
export async function submitQuiz(tx: Tx, who: Learner, input: SubmitQuizRequest, now: Date) {
  await lockLearner(tx, who);
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.id, input.attemptId),
        eq(quizAttempts.companyId, who.companyId),
        eq(quizAttempts.userId, who.userId),
      ),
    );
  if (!row) throw notFound(ATTEMPT_NOT_FOUND);
  if (row.submittedAt) throw new ApiError(409, STATUS.conflict, ATTEMPT_SUBMITTED, attemptOut(row, now));
  const c = await courseForLearner(tx, who, row.courseId, now);
  if (now.getTime() > graceEnd(row)) throw new ApiError(409, STATUS.conflict, QUIZ_TIME_UP);
  const s = row.questions as Snapshot;
  const answers: Record<string, string[]> = {};
  for (const [questionId, optionIds] of Object.entries(input.answers)) {
    const q = s.questions.find((x) => x.id === questionId);
    if (!q || optionIds.some((id) => !q.options.some((o) => o.id === id)))
      throw invalid([{ path: 'answers', message: ANSWER_UNKNOWN }]);
    answers[questionId] = [...new Set(optionIds)];
  }
  const score = scoreOf(s, answers);
  const [saved] = await tx
    .update(quizAttempts)
    .set({
      submittedAt: now,
      answers,
      score,
      passed: row.passingScore === null ? true : score >= row.passingScore,
    })
    .where(eq(quizAttempts.id, row.id))
    .returning();
  await refreshCourseProgress(tx, who, c, now);
  return attemptOut(saved!, now);
}

/** MyResults: every attempt of the learner, newest first, with its course's name. */
export async function myResults(tx: Tx, who: Learner, now: Date): Promise<MyResult[]> {
  const rows = await tx
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.companyId, who.companyId), eq(quizAttempts.userId, who.userId)))
    .orderBy(desc(quizAttempts.startedAt), desc(quizAttempts.id));
  const ids = [...new Set(rows.map((r) => r.courseId))];
  const courses = ids.length
    ? await tx
        .select({ id: records.id, data: records.data })
        .from(records)
        .where(and(eq(records.companyId, who.companyId), inArray(records.id, ids)))
    : [];
  const names = new Map(courses.map((c) => [c.id, String((c.data as { name?: string }).name ?? '')]));
  return rows.map((r) => {
    const { questions: _, ...out } = attemptOut(r, now);
    return { ...out, courseName: names.get(r.courseId) ?? '' };
  });
}
