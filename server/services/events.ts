import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { occurrences } from '#contract/event-schedule.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { EVENT_MISSING, eventParticipant } from '#contract/resources/event.ts';
import { records, users } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { applyOp } from '../resources/operations.ts';
import { liveRecords } from '../resources/records-repository.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';

const DAY = 86_400_000;
type Who = { companyId: string; userId: string };
type EventData = {
  name: string;
  location: string;
  inCharge: string;
  description: string;
  coverImage: string;
  startAt: string;
  endAt: string;
  repeat: 'none' | 'daily' | 'weekly' | 'monthly';
  rrule: string;
  timeZone: string;
};

/**
 * The learner's events: those they take part in, themselves or through their department, with
 * their occurrences from 30 days ago to a year ahead (in the event's time zone, DST included).
 */
export async function myEvents(tx: Tx, who: Who, now: Date) {
  const [me] = await tx
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(and(eq(users.id, who.userId), eq(users.companyId, who.companyId)));
  const parts = await liveRecords(tx, who.companyId, 'EventParticipant');
  const mine = new Set<string>();
  for (const p of parts) {
    const d = p.data as { eventId: string; userId: string | null; departmentId: string | null };
    if (d.userId === who.userId || (me?.departmentId && d.departmentId === me.departmentId))
      mine.add(d.eventId);
  }
  const window = { from: new Date(now.getTime() - 30 * DAY), to: new Date(now.getTime() + 365 * DAY) };
  const events = (await liveRecords(tx, who.companyId, 'Event')).filter((e) => mine.has(e.id));
  return events
    .map((e) => {
      const d = e.data as EventData;
      return {
        id: e.id,
        name: d.name,
        location: d.location ?? '',
        inCharge: d.inCharge ?? '',
        description: d.description ?? '',
        coverImage: d.coverImage ?? '',
        startAt: d.startAt,
        endAt: d.endAt,
        repeat: d.repeat ?? 'none',
        joined: true,
        occurrences: occurrences(d, window),
      };
    })
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
}

const scopeOf = (who: Who, resource: string, now: Date): Scope => ({ ...who, resource, now });

async function liveEvent(tx: Tx, who: Who, eventId: string) {
  const [e] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.companyId, who.companyId),
        eq(records.resource, 'Event'),
        isNull(records.deletedAt),
        eq(records.id, eventId),
      ),
    );
  if (!e) throw notFound(EVENT_MISSING);
  return e;
}

async function myRow(tx: Tx, who: Who, eventId: string) {
  const [row] = await tx
    .select({ id: records.id, rev: records.rev })
    .from(records)
    .where(
      and(
        eq(records.companyId, who.companyId),
        eq(records.resource, 'EventParticipant'),
        isNull(records.deletedAt),
        sql`${records.data} ->> 'eventId' = ${eventId}`,
        sql`${records.data} ->> 'userId' = ${who.userId}`,
      ),
    )
    .limit(1);
  return row;
}

/** The learner joins an event of their company (once: joining again answers the same row). */
export async function joinEvent(tx: Tx, who: Who, eventId: string, now: Date) {
  await liveEvent(tx, who, eventId);
  const existing = await myRow(tx, who, eventId);
  if (existing) return { id: existing.id, eventId, joined: true };
  const out = await applyOp(
    tx,
    scopeOf(who, 'EventParticipant', now),
    eventParticipant as unknown as ResourceDef,
    'create',
    {
      id: randomUUID(),
      eventId,
      userId: who.userId,
      departmentId: null,
      attended: false,
    },
  );
  return { id: out.data.id, eventId, joined: true };
}

/** The learner leaves an event they joined themselves (a group's place stays the admin's). */
export async function leaveEvent(tx: Tx, who: Who, eventId: string, now: Date) {
  await liveEvent(tx, who, eventId);
  const row = await myRow(tx, who, eventId);
  if (!row) throw notFound('You are not on this event.');
  await applyOp(
    tx,
    scopeOf(who, 'EventParticipant', now),
    eventParticipant as unknown as ResourceDef,
    'delete',
    {
      id: row.id,
      rev: row.rev,
    },
  );
  return { id: row.id, eventId, joined: false };
}
