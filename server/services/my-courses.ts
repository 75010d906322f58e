import { and, asc, eq, isNull } from 'drizzle-orm';
import type { MyCourse, QuizSlot, QuizSummary } from '#contract/learner-courses.ts';
import type { EnrolmentStatus } from '#contract/resources/course.ts';
import { courseProgress, records } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';
import { type CourseData, enrolmentOf, type Learner, type LiveCourse } from './course-access.ts';
import { isAssigned } from './course-audience.ts';
import { courseState, postTestLock, videoRows } from './course-progress.ts';
import { courseQuizzes } from './course-quizzes.ts';
import { attemptsOf, isOpen } from './quiz-attempts.ts';

/**
 * One course as the learner app shows it: the videos in order with the learner's progress and
 * whether each may be played now, the pre- and post-test with the learner's state (spec section 4:
 * finished = an attempt submitted, notFinished = started but none submitted, notStarted) and
 * result (pass/fail of the best submitted attempt), and the course state (course-progress.ts).
 */
export async function describeCourse(
  tx: Tx,
  who: Learner,
  c: LiveCourse,
  now: Date,
  access: { assigned: boolean; request: EnrolmentStatus | null } = { assigned: true, request: null },
): Promise<MyCourse> {
  const rows = await videoRows(tx, who, c.id);
  const [progress] = await tx
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.courseId, c.id), eq(courseProgress.userId, who.userId)));
  const open = access.assigned && now.getTime() >= Date.parse(c.startAt);
  let previousDone = true;
  const videos = c.videos.map((v) => {
    const r = rows.get(v.id);
    const unlocked = open && (!c.mustWatchInOrder || previousDone);
    previousDone &&= !!r?.completed;
    return {
      videoItemId: v.id,
      title: v.title,
      durationSeconds: v.durationSeconds,
      position: r?.position ?? 0,
      furthest: r?.furthest ?? 0,
      completed: !!r?.completed,
      unlocked,
    };
  });
  const slots = await courseQuizzes(tx, who, c);
  const attempts = access.assigned ? await attemptsOf(tx, who, c.id) : [];
  const quizzes: QuizSummary[] = [];
  for (const slot of ['pre', 'post'] as QuizSlot[]) {
    const q = slots[slot];
    if (!q) continue;
    const mine = attempts.filter((a) => a.slot === slot);
    const submitted = mine.filter((a) => a.submittedAt);
    const best = submitted.reduce<number | null>((m, a) => Math.max(m ?? 0, a.score ?? 0), null);
    const passed = submitted.some((a) => a.passed);
    const canStart = mine.some((a) => isOpen(a, now)) || q.attemptLimit === 0 || mine.length < q.attemptLimit;
    quizzes.push({
      slot,
      quizId: q.id,
      name: q.name,
      state: submitted.length ? 'finished' : mine.length ? 'notFinished' : 'notStarted',
      result: submitted.length ? (passed ? 'pass' : 'fail') : null,
      bestScore: best,
      total: q.sections.reduce((n, s) => n + s.questions.reduce((m, x) => m + x.score, 0), 0),
      attempts: mine.length,
      attemptLimit: q.attemptLimit,
      available: open && canStart && (slot === 'pre' || !postTestLock(c, rows)),
    });
  }
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    cover: c.cover,
    startAt: c.startAt,
    endAt: c.endAt,
    expiresAt: c.expiresAt || null,
    mustWatchInOrder: c.mustWatchInOrder,
    prohibitForward: c.prohibitForward,
    postTestCondition: c.postTestCondition,
    assigned: access.assigned,
    request: access.request,
    open,
    state: courseState(c, progress, now),
    startedAt: progress?.startedAt?.toISOString() ?? null,
    finishedAt: progress?.finishedAt?.toISOString() ?? null,
    videos,
    quizzes,
  };
}

/**
 * MyCourses: the live courses of the learner's company that they take (course-audience.ts),
 * upcoming ones included (`open: false` before startAt, so the app can say when it opens), then the
 * courses visible to all ("viewSetting: all") that they do not take, with `assigned: false` and
 * their request's status, so the app can offer RequestCourseAccess. Ordered by start.
 */
export async function myCourses(tx: Tx, who: Learner, now: Date): Promise<MyCourse[]> {
  const rows = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(
      and(eq(records.companyId, who.companyId), eq(records.resource, 'Course'), isNull(records.deletedAt)),
    )
    .orderBy(asc(records.createdAt));
  const courses = rows
    .map((r) => ({ ...(r.data as CourseData), id: r.id }))
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  const out: MyCourse[] = [];
  for (const c of courses) {
    if (await isAssigned(tx, who.companyId, c, who.userId)) out.push(await describeCourse(tx, who, c, now));
    else if (c.viewSetting === 'all') {
      const request = (await enrolmentOf(tx, who, c.id))?.status ?? null;
      out.push(await describeCourse(tx, who, c, now, { assigned: false, request }));
    }
  }
  return out;
}
