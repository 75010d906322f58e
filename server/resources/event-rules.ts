import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { eventRule } from '#contract/event-schedule.ts';
import { EVENT_MISSING, PARTICIPANT_NOT_IN_COMPANY, PARTICIPANT_TWICE } from '#contract/resources/event.ts';
import { departments, records, users } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules } from './repository-types.ts';

type EventFields = {
  repeat: 'none' | 'daily' | 'weekly' | 'monthly';
  startAt: string;
  repeatUntil: string;
  timeZone: string;
};

/** An event's RRULE is the server's, made from its repeat, end of repetition, start and time zone. */
export const eventRules: ResourceRules = {
  async beforeSave(_tx, _scope, _id, fields) {
    const f = fields as EventFields;
    return { rrule: eventRule(f), repeatUntil: f.repeat === 'none' ? '' : f.repeatUntil };
  },
};

type Participant = { eventId: string; userId: string | null; departmentId: string | null };

/**
 * A participant: a live user or group (department) of the company on a live event of the
 * company, once. Anything of another company is refused like a missing one (422, same message).
 */
export const eventParticipantRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const p = fields as Participant;
    if (!(await findLive(tx, scope, 'Event', p.eventId)))
      throw invalid([{ path: 'eventId', message: EVENT_MISSING }]);
    if (p.userId) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, scope.companyId), eq(users.id, p.userId), isNull(users.deletedAt)))
        .limit(1);
      if (!u) throw invalid([{ path: 'userId', message: PARTICIPANT_NOT_IN_COMPANY }]);
    }
    if (p.departmentId) {
      const [d] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.companyId, scope.companyId),
            eq(departments.id, p.departmentId),
            isNull(departments.deletedAt),
          ),
        )
        .limit(1);
      if (!d) throw invalid([{ path: 'departmentId', message: PARTICIPANT_NOT_IN_COMPANY }]);
    }
    const who = p.userId
      ? sql`${records.data} ->> 'userId' = ${p.userId}`
      : sql`${records.data} ->> 'departmentId' = ${p.departmentId}`;
    const [twin] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'EventParticipant'),
          isNull(records.deletedAt),
          ne(records.id, id),
          sql`${records.data} ->> 'eventId' = ${p.eventId}`,
          who,
        ),
      )
      .limit(1);
    if (twin) throw invalid([{ path: p.userId ? 'userId' : 'departmentId', message: PARTICIPANT_TWICE }]);
  },
};
