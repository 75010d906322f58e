import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { departmentMembers, records, users } from '../db/schema.ts';
import type { Tx } from '../resources/repository-types.ts';

/** The fields of a course that say who takes it (contract/resources/course.ts). */
export type CourseAudience = { id: string; allUsers: boolean; departmentIds: readonly string[] };

const liveActive = (companyId: string) =>
  and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.active, true));

/** Live `enrolled` enrolments of a course (of one user when given): their user ids. */
const enrolledIds = (tx: Tx, companyId: string, courseId: string, userId?: string) =>
  tx
    .select({ userId: sql<string>`${records.data} ->> 'userId'` })
    .from(records)
    .where(
      and(
        eq(records.companyId, companyId),
        eq(records.resource, 'Enrolment'),
        isNull(records.deletedAt),
        sql`${records.data} ->> 'courseId' = ${courseId}`,
        sql`${records.data} ->> 'status' = 'enrolled'`,
        userId ? sql`${records.data} ->> 'userId' = ${userId}` : undefined,
      ),
    );

/**
 * Who takes a course: every active user of the company when `allUsers`; otherwise the members of its
 * departments and groups (a user's main department or a group's member list) and the users it
 * enrols one by one. Inactive and deleted users never count (they hold no seat). Seats are this
 * set's size, so a user both in a group and enrolled counts once.
 */
export async function assignedUserIds(
  tx: Tx,
  companyId: string,
  course: CourseAudience,
): Promise<Set<string>> {
  if (course.allUsers) {
    const rows = await tx.select({ id: users.id }).from(users).where(liveActive(companyId));
    return new Set(rows.map((r) => r.id));
  }
  const ids = new Set<string>();
  const departments = [...new Set(course.departmentIds)];
  if (departments.length) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          liveActive(companyId),
          or(
            inArray(users.departmentId, departments),
            inArray(
              users.id,
              tx
                .select({ id: departmentMembers.userId })
                .from(departmentMembers)
                .where(inArray(departmentMembers.departmentId, departments)),
            ),
          ),
        ),
      );
    for (const r of rows) ids.add(r.id);
  }
  const enrolled = (await enrolledIds(tx, companyId, course.id)).map((r) => r.userId);
  if (enrolled.length) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(liveActive(companyId), inArray(users.id, enrolled)));
    for (const r of rows) ids.add(r.id);
  }
  return ids;
}

/** Whether this user takes the course (the same rule as assignedUserIds, for one user). */
export async function isAssigned(tx: Tx, companyId: string, course: CourseAudience, userId: string) {
  const [user] = await tx
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(and(liveActive(companyId), eq(users.id, userId)))
    .limit(1);
  if (!user) return false;
  if (course.allUsers) return true;
  const departments = new Set(course.departmentIds);
  if (user.departmentId && departments.has(user.departmentId)) return true;
  if (departments.size) {
    const [member] = await tx
      .select({ id: departmentMembers.departmentId })
      .from(departmentMembers)
      .where(
        and(eq(departmentMembers.userId, userId), inArray(departmentMembers.departmentId, [...departments])),
      )
      .limit(1);
    if (member) return true;
  }
  const [enrolled] = await enrolledIds(tx, companyId, course.id, userId).limit(1);
  return !!enrolled;
}
