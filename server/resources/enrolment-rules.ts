import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { EnrolmentStatus } from '#contract/resources/course.ts';
import {
  ENROLMENT_COURSE_MISSING,
  ENROLMENT_TAKEN,
  ENROLMENT_USER_MISSING,
  seatsExceeded,
} from '#contract/resources/course-messages.ts';
import { records, users } from '../db/schema.ts';
import { assignedUserIds } from '../services/course-audience.ts';
import { invalid } from './record-shape.ts';
import { findLive, recordsRepository } from './records-repository.ts';
import type { ResourceRules } from './repository-types.ts';

type Enrolment = {
  courseId: string;
  userId: string;
  status: EnrolmentStatus;
  requestedAt: string | null;
  decidedBy: string | null;
};

/**
 * One user on a course's list: the course and the user are live rows of the company, one live row
 * per course and user. The server stamps when a request was made and who accepted or refused it;
 * accepting (status `enrolled`) needs a free seat unless the user already takes the course
 * through a group (inactive users hold no seat, as in course-audience.ts).
 */
export const enrolmentRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const next = fields as Enrolment;
    const course = await findLive(tx, scope, 'Course', next.courseId);
    if (!course) throw invalid([{ path: 'courseId', message: ENROLMENT_COURSE_MISSING }]);
    const [user] = await tx
      .select({ active: users.active })
      .from(users)
      .where(and(eq(users.companyId, scope.companyId), eq(users.id, next.userId), isNull(users.deletedAt)))
      .limit(1);
    if (!user) throw invalid([{ path: 'userId', message: ENROLMENT_USER_MISSING }]);
    const [twin] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Enrolment'),
          isNull(records.deletedAt),
          ne(records.id, id),
          sql`${records.data} ->> 'courseId' = ${next.courseId}`,
          sql`${records.data} ->> 'userId' = ${next.userId}`,
        ),
      )
      .limit(1);
    if (twin) throw invalid([{ path: 'userId', message: ENROLMENT_TAKEN }]);

    const stored = await recordsRepository.find(tx, scope, id);
    const before = stored && !stored.deletedAt ? (stored.data as Enrolment) : undefined;
    const sameSeat =
      before?.status === 'enrolled' && before.courseId === next.courseId && before.userId === next.userId;
    const c = course.data as { allUsers?: boolean; departmentIds?: string[]; seatLimit?: number };
    const seatLimit = c.seatLimit ?? 0;
    if (next.status === 'enrolled' && !sameSeat && seatLimit > 0 && user.active) {
      const taken = await assignedUserIds(tx, scope.companyId, {
        id: next.courseId,
        allUsers: c.allUsers === true,
        departmentIds: c.departmentIds ?? [],
      });
      if (!taken.has(next.userId) && taken.size + 1 > seatLimit)
        throw invalid([
          { path: before ? 'status' : 'userId', message: seatsExceeded(seatLimit, taken.size + 1) },
        ]);
    }
    const decided = next.status !== 'requested' && before?.status !== next.status;
    return {
      requestedAt: before
        ? before.requestedAt
        : next.status === 'requested'
          ? (scope.now ?? new Date()).toISOString()
          : null,
      decidedBy: decided ? scope.userId : (before?.decidedBy ?? null),
    };
  },
};
