import {
  COURSE_QUIZ_LIMIT,
  COURSE_QUIZ_SAME_TYPE,
  seatsExceeded,
} from '#contract/resources/course-messages.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';

type Audience = { id: string; allUsers: boolean; departmentIds: readonly string[] };

const live = (row: LocalRow | undefined): row is LocalRow => !!row && !row.deletedAt;

/**
 * Who takes a course, counted from the local rows with the server's rule
 * (server/services/course-audience.ts): every active user when `allUsers`; otherwise the active
 * members of its departments and groups (a user's department or a group's member list) and its
 * users enrolled one by one. Inactive and deleted users hold no seat; each user counts once.
 */
export async function assignedUsers(db: LocalDb, course: Audience): Promise<Set<string>> {
  const users = (await db.rows('User').toArray()).filter((u) => live(u) && u.active !== false);
  const activeIds = new Set(users.map((u) => u.id));
  if (course.allUsers) return activeIds;
  const departments = new Set(course.departmentIds);
  const ids = new Set(
    users
      .filter((u) => typeof u.departmentId === 'string' && departments.has(u.departmentId))
      .map((u) => u.id),
  );
  for (const id of departments) {
    const group = await db.rows('Department').get(id);
    if (!live(group)) continue;
    for (const member of (group.memberIds as string[] | undefined) ?? [])
      if (activeIds.has(member)) ids.add(member);
  }
  for (const e of await enrolmentsOf(db, course.id))
    if (e.status === 'enrolled' && activeIds.has(String(e.userId))) ids.add(String(e.userId));
  return ids;
}

/** The live enrolments (and requests) of one course. */
export const enrolmentsOf = async (db: LocalDb, courseId: string) =>
  (await db.rows('Enrolment').toArray()).filter((e) => live(e) && e.courseId === courseId);

/** The quiz rule of spec sections 5 and 9 on the local quizzes: two places, pre-post fills both. */
export async function quizProblem(db: LocalDb, quizIds: readonly string[]): Promise<string | null> {
  let pre = 0;
  let post = 0;
  for (const id of new Set(quizIds)) {
    const type = (await db.rows('Quiz').get(id))?.type;
    if (type === 'pre' || type === 'prePost') pre++;
    if (type === 'post' || type === 'prePost') post++;
  }
  if (pre + post > 2 || quizIds.length > 2) return COURSE_QUIZ_LIMIT;
  if (pre > 1 || post > 1) return COURSE_QUIZ_SAME_TYPE;
  return null;
}

/** The seat rule before a save: the users the course would assign must fit its limit. */
export async function seatProblem(db: LocalDb, course: Audience & { seatLimit: number }) {
  if (!(course.seatLimit > 0)) return null;
  const wanted = (await assignedUsers(db, course)).size;
  return wanted > course.seatLimit ? seatsExceeded(course.seatLimit, wanted) : null;
}
