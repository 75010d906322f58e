import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import {
  COURSE_ALREADY_TAKEN,
  COURSE_NOT_FOUND,
  COURSE_NOT_OPEN,
  COURSE_REQUEST_REFUSED,
} from '#contract/learner-courses.ts';
import { RESOURCES } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import type { course, EnrolmentStatus } from '#contract/resources/course.ts';
import { NO_RIGHTS_TO_COURSE } from '#contract/resources/course-messages.ts';
import { records } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../lib/api-error.ts';
import { applyOp } from '../resources/operations.ts';
import { findLive } from '../resources/records-repository.ts';
import type { Tx } from '../resources/repository-types.ts';
import { isAssigned } from './course-audience.ts';

export type CourseData = z.infer<typeof course.fields>;
export type LiveCourse = CourseData & { id: string };
export type Learner = { companyId: string; userId: string };

const scopeOf = (who: Learner, resource: string) => ({ ...who, resource });

/** A live course of the learner's company, or undefined (another company's id looks missing). */
export async function liveCourse(tx: Tx, who: Learner, courseId: string): Promise<LiveCourse | undefined> {
  const row = await findLive(tx, scopeOf(who, 'Course'), 'Course', courseId);
  return row ? { ...(row.data as CourseData), id: row.id } : undefined;
}

/** The learner's own enrolment row of a course (any status), if any. */
export async function enrolmentOf(tx: Tx, who: Learner, courseId: string) {
  const [row] = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(
      and(
        eq(records.companyId, who.companyId),
        eq(records.resource, 'Enrolment'),
        isNull(records.deletedAt),
        sql`${records.data} ->> 'courseId' = ${courseId}`,
        sql`${records.data} ->> 'userId' = ${who.userId}`,
      ),
    )
    .limit(1);
  return row ? { id: row.id, status: (row.data as { status: EnrolmentStatus }).status } : undefined;
}

/**
 * The course a learner may act on (progress, quizzes): a live course of their company that they
 * take (course-audience.ts). A course they cannot see (another company, deleted, or assigned to
 * groups only) is a 404 like a missing one; one visible to all but not assigned to them is a 403
 * with the spec's message; before `startAt` it is listed by MyCourses but not open yet (409).
 */
export async function courseForLearner(tx: Tx, who: Learner, courseId: string, now: Date) {
  const c = await liveCourse(tx, who, courseId);
  if (!c) throw notFound(COURSE_NOT_FOUND);
  if (!(await isAssigned(tx, who.companyId, c, who.userId))) {
    if (c.viewSetting === 'all') throw forbidden(NO_RIGHTS_TO_COURSE);
    throw notFound(COURSE_NOT_FOUND);
  }
  if (now.getTime() < Date.parse(c.startAt)) throw new ApiError(409, STATUS.conflict, COURSE_NOT_OPEN);
  return c;
}

/**
 * A learner asks for a course visible to all that they are not assigned to: a `requested`
 * Enrolment, written by the same applyOp as the API's writes, so it syncs to the consoles. Asking
 * again while a request waits returns that request; an assigned learner and a refused request
 * get a clear 409; a course they cannot see is a 404.
 */
export async function requestCourseAccess(
  tx: Tx,
  who: Learner,
  courseId: string,
  now: Date,
): Promise<{ created: boolean; enrolment: { id: string; status: EnrolmentStatus } }> {
  const c = await liveCourse(tx, who, courseId);
  if (!c) throw notFound(COURSE_NOT_FOUND);
  if (await isAssigned(tx, who.companyId, c, who.userId))
    throw new ApiError(409, STATUS.conflict, COURSE_ALREADY_TAKEN);
  if (c.viewSetting !== 'all') throw notFound(COURSE_NOT_FOUND);
  const prior = await enrolmentOf(tx, who, courseId);
  if (prior?.status === 'refused') throw new ApiError(409, STATUS.conflict, COURSE_REQUEST_REFUSED);
  if (prior) return { created: false, enrolment: prior };
  const def = RESOURCES.Enrolment as unknown as ResourceDef;
  const outcome = await applyOp(tx, { ...scopeOf(who, 'Enrolment'), now }, def, 'create', {
    id: uuidv7(),
    courseId,
    userId: who.userId,
    status: 'requested',
  });
  return { created: true, enrolment: { id: outcome.data.id, status: 'requested' } };
}
