import { and, eq, sql } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import {
  type CourseState,
  endToleranceOf,
  FORWARD_PROHIBITED,
  FORWARD_TOLERANCE_SECONDS,
  NOT_AT_END,
  POST_TEST_LOCKED_FINISH_ALL,
  POST_TEST_LOCKED_WATCH_PART,
  type RecordVideoProgressRequest,
  VIDEO_NOT_IN_COURSE,
  WATCH_IN_ORDER,
} from '#contract/learner-courses.ts';
import { courseProgress, courseVideoProgress, quizAttempts } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { invalid } from '../resources/record-shape.ts';
import type { Tx } from '../resources/repository-types.ts';
import { issueCertificate } from './certificates.ts';
import { courseForLearner, type Learner, type LiveCourse } from './course-access.ts';
import { courseQuizzes } from './course-quizzes.ts';

/*
 * Course progress rules (the spec says "not shown"; docs/course-progress.md has the same table).
 * E = the course's expiry: `expiresAt`, or `endAt` when it has none (no grace period then).
 *
 * | state                | when (at the instant `now`)                                        |
 * |----------------------|--------------------------------------------------------------------|
 * | notStarted           | no video progress and no quiz attempt, now <= endAt                 |
 * | inProgress           | started (first progress or attempt), not finished, now <= endAt     |
 * | delay                | not finished, endAt < now <= E                                      |
 * | notFinished          | not finished, now > E                                               |
 * | finishedBeforeExpiry | finishedAt <= E                                                     |
 * | finishedAfterExpiry  | finishedAt > E (the course stays open after E so a learner may     |
 * |                      | still finish; it counts as after expiry)                            |
 *
 * Finished = every video of the course completed AND, when the course has a post-test, a passed
 * post-test attempt; with a pre-test only, a submitted pre-test. finishedAt is written once, when
 * that first becomes true, and kept (editing the course later does not un-finish anyone).
 */
export function courseState(
  c: Pick<LiveCourse, 'endAt' | 'expiresAt'>,
  p: { startedAt: Date | null; finishedAt: Date | null } | undefined,
  now: Date,
): CourseState {
  const end = Date.parse(c.endAt);
  const expiry = c.expiresAt ? Date.parse(c.expiresAt) : end;
  if (p?.finishedAt) return p.finishedAt.getTime() <= expiry ? 'finishedBeforeExpiry' : 'finishedAfterExpiry';
  const t = now.getTime();
  if (t > expiry) return 'notFinished';
  if (t > end) return 'delay';
  return p?.startedAt ? 'inProgress' : 'notStarted';
}

/** One learner's progress rows of one course, by video item id. */
export async function videoRows(tx: Tx, who: Learner, courseId: string) {
  const rows = await tx
    .select()
    .from(courseVideoProgress)
    .where(
      and(
        eq(courseVideoProgress.companyId, who.companyId),
        eq(courseVideoProgress.courseId, courseId),
        eq(courseVideoProgress.userId, who.userId),
      ),
    );
  return new Map(rows.map((r) => [r.videoItemId, r]));
}
export type VideoRows = Awaited<ReturnType<typeof videoRows>>;

export const completedCount = (c: LiveCourse, rows: VideoRows) =>
  c.videos.filter((v) => rows.get(v.id)?.completed).length;

/**
 * Why the post-test cannot be opened yet (spec section 4), or null: finishAll = every video
 * completed; watchPart = some video of the course started; anytime = no condition.
 */
export function postTestLock(c: LiveCourse, rows: VideoRows): string | null {
  if (c.postTestCondition === 'finishAll' && completedCount(c, rows) < c.videos.length)
    return POST_TEST_LOCKED_FINISH_ALL;
  if (c.postTestCondition === 'watchPart' && !c.videos.some((v) => rows.has(v.id)))
    return POST_TEST_LOCKED_WATCH_PART;
  return null;
}

/** Serialises one learner's progress writes (two tabs, a retried call): one at a time per user. */
export const lockLearner = (tx: Tx, who: Learner) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`learner:${who.userId}`}))`);

/**
 * Brings the learner's course row up to date after a change: started at the first change,
 * videos completed counted, finished (rules above) written once.
 */
export async function refreshCourseProgress(tx: Tx, who: Learner, c: LiveCourse, now: Date) {
  const rows = await videoRows(tx, who, c.id);
  const videosCompleted = completedCount(c, rows);
  const attempts = await tx
    .select({ slot: quizAttempts.slot, submittedAt: quizAttempts.submittedAt, passed: quizAttempts.passed })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.companyId, who.companyId),
        eq(quizAttempts.courseId, c.id),
        eq(quizAttempts.userId, who.userId),
      ),
    );
  const slots = await courseQuizzes(tx, who, c);
  const quizDone = slots.post
    ? attempts.some((a) => a.slot === 'post' && a.passed === true)
    : slots.pre
      ? attempts.some((a) => a.slot === 'pre' && a.submittedAt)
      : true;
  const finished = videosCompleted === c.videos.length && quizDone;
  const started = rows.size > 0 || attempts.length > 0;
  const [prior] = await tx
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.courseId, c.id), eq(courseProgress.userId, who.userId)));
  const next = {
    companyId: who.companyId,
    courseId: c.id,
    userId: who.userId,
    startedAt: prior?.startedAt ?? (started ? now : null),
    finishedAt: prior?.finishedAt ?? (finished && started ? now : null),
    videosCompleted,
    updatedAt: now,
  };
  await tx
    .insert(courseProgress)
    .values(next)
    .onConflictDoUpdate({ target: [courseProgress.courseId, courseProgress.userId], set: next });
  // Passing the course (issue 10): its certificate, once.
  if (!prior?.finishedAt && next.finishedAt) await issueCertificate(tx, who, c, now);
  return next;
}

/**
 * RecordVideoProgress. Checked on the server:
 * - the video is one of the course's (404 otherwise);
 * - mustWatchInOrder: every earlier video completed (409);
 * - prohibitForward (until the video is completed): the position may pass the furthest position
 *   reached by at most FORWARD_TOLERANCE_SECONDS plus twice the wall-clock time since this video's
 *   last report (playback up to 2x); further is refused (409) with the stored position in `data`;
 * - completed only at the end: position >= length - endToleranceOf(length) (3 s, or a twentieth of
 *   a clip shorter than a minute, so starting a short clip is not finishing it; reaching it completes
 *   the video even without the flag; `completed: true` earlier is a 422). A video whose length is
 *   unknown (0) is completed by the flag. Completed stays completed; positions are clamped to the
 *   length; the furthest position only grows, so a replayed report changes nothing.
 */
export async function recordVideoProgress(
  tx: Tx,
  who: Learner,
  input: RecordVideoProgressRequest,
  now: Date,
) {
  const c = await courseForLearner(tx, who, input.courseId, now);
  const index = c.videos.findIndex((v) => v.id === input.videoItemId);
  if (index < 0) throw notFound(VIDEO_NOT_IN_COURSE);
  await lockLearner(tx, who);
  const video = c.videos[index]!;
  const rows = await videoRows(tx, who, c.id);
  if (c.mustWatchInOrder && c.videos.slice(0, index).some((v) => !rows.get(v.id)?.completed))
    throw new ApiError(409, STATUS.conflict, WATCH_IN_ORDER);
  const prior = rows.get(video.id);
  const length = video.durationSeconds;
  const position = length > 0 ? Math.min(input.position, length) : input.position;
  const furthest = prior?.furthest ?? 0;
  if (c.prohibitForward && !prior?.completed) {
    const elapsed = prior ? Math.max(0, (now.getTime() - prior.updatedAt.getTime()) / 1000) : 0;
    if (position > furthest + FORWARD_TOLERANCE_SECONDS + 2 * elapsed)
      throw new ApiError(409, STATUS.conflict, FORWARD_PROHIBITED, {
        position: prior?.position ?? 0,
        furthest,
      });
  }
  const atEnd = length > 0 ? position >= length - endToleranceOf(length) : input.completed === true;
  if (input.completed && !atEnd) throw invalid([{ path: 'completed', message: NOT_AT_END }]);
  const completed = !!prior?.completed || atEnd;
  const row = {
    companyId: who.companyId,
    courseId: c.id,
    userId: who.userId,
    videoItemId: video.id,
    position,
    furthest: Math.max(furthest, position),
    completed,
    completedAt: prior?.completedAt ?? (completed ? now : null),
    updatedAt: now,
  };
  await tx
    .insert(courseVideoProgress)
    .values(row)
    .onConflictDoUpdate({
      target: [courseVideoProgress.courseId, courseVideoProgress.userId, courseVideoProgress.videoItemId],
      set: row,
    });
  await refreshCourseProgress(tx, who, c, now);
  return c;
}
