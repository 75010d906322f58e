import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from '#contract/event-schedule.ts';
import { PARTICIPANT_NOT_IN_COMPANY } from '#contract/resources/event.ts';
import { departments, users } from '../../server/db/schema.ts';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let learnerToken: string;
const idOf = async (username: string, company: 'DEMO' | 'ACME') => {
  const rows = await t.app.db
    .select({ id: users.id, companyId: users.companyId, dep: users.departmentId })
    .from(users)
    .where(eq(users.username, username));
  const [demoAdmin] = await t.app.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.username, 'trainer'));
  return rows.find((r) => (company === 'DEMO') === (r.companyId === demoAdmin!.companyId))!;
};

beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2030-03-01T00:00:00Z') });
  admin = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  learnerToken = await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD);
});
afterAll(() => t?.close());

const eventInput = (over: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  name: 'Weekly safety walk',
  location: 'Plant 2',
  inCharge: 'Suda Srisuk',
  startAt: '2030-03-01T09:00:00-05:00',
  endAt: '2030-03-01T11:00:00-05:00',
  repeat: 'weekly',
  repeatUntil: '2030-03-22',
  timeZone: 'America/New_York',
  description: '',
  ...over,
});
const learner = (action: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/Learner/${action}`,
    headers: { ...bearer(learnerToken), 'idempotency-key': uuidv7() },
    payload,
  });

describe('events', () => {
  it('a weekly event for 4 weeks has 4 occurrences at the same local time across a DST change', async () => {
    const res = await admin.call('Event', 'Create', eventInput());
    expect(res.statusCode).toBe(200);
    const e = res.json().data;
    expect(e.rrule).toContain('DTSTART;TZID=America/New_York:20300301T090000');
    expect(e.rrule).toContain('FREQ=WEEKLY');
    const occ = occurrences(e);
    // US clocks go forward on 10 March 2030: 09:00 EST is 14:00Z, 09:00 EDT is 13:00Z.
    expect(occ.map((o) => o.startAt)).toEqual([
      '2030-03-01T14:00:00.000Z',
      '2030-03-08T14:00:00.000Z',
      '2030-03-15T13:00:00.000Z',
      '2030-03-22T13:00:00.000Z',
    ]);
    expect(occ.every((o) => Date.parse(o.endAt) - Date.parse(o.startAt) === 2 * 3_600_000)).toBe(true);
  });

  it('expands daily and monthly repeats, and Bangkok (no DST) keeps one offset', () => {
    const base = { startAt: '2030-01-31T02:00:00Z', endAt: '2030-01-31T03:00:00Z', timeZone: 'Asia/Bangkok' };
    const daily = 'DTSTART;TZID=Asia/Bangkok:20300131T090000\nRRULE:FREQ=DAILY;UNTIL=20300203T235959';
    expect(occurrences({ ...base, rrule: daily }).map((o) => o.startAt.slice(0, 13))).toEqual([
      '2030-01-31T02',
      '2030-02-01T02',
      '2030-02-02T02',
      '2030-02-03T02',
    ]);
    expect(occurrences({ ...base, rrule: '' })).toHaveLength(1);
  });

  it('refuses a repeat without its end, and an end before the start', async () => {
    const noEnd = await admin.call('Event', 'Create', eventInput({ repeatUntil: '' }));
    expect(noEnd.statusCode).toBe(422);
    const backwards = await admin.call('Event', 'Create', eventInput({ endAt: '2030-03-01T08:00:00-05:00' }));
    expect(backwards.statusCode).toBe(422);
  });

  it('participants: users and groups of the company; another company refused; attendance; learner sees it', async () => {
    const e = (await admin.call('Event', 'Create', eventInput({ name: 'Fire drill', repeat: 'none' }))).json()
      .data;
    const me = await idOf('nattapong', 'DEMO');
    const stranger = await idOf('michael', 'ACME');
    const [acmeDept] = await t.app.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.companyId, stranger.companyId));
    const add = (p: Record<string, unknown>) =>
      admin.call('EventParticipant', 'Create', {
        id: uuidv7(),
        eventId: e.id,
        userId: null,
        departmentId: null,
        ...p,
      });
    const refusedUser = await add({ userId: stranger.id });
    expect(refusedUser.statusCode).toBe(422);
    expect(refusedUser.body).toContain(PARTICIPANT_NOT_IN_COMPANY);
    expect((await add({ departmentId: acmeDept!.id })).statusCode).toBe(422);
    // Offline Push of the same refusal is refused too.
    const pushed = await admin.push([
      mutation('EventParticipant', 'create', {
        id: uuidv7(),
        eventId: e.id,
        userId: stranger.id,
        departmentId: null,
      }),
    ]);
    expect(pushed.json().data.results[0].httpStatus).toBe(422);

    const mine = await add({ userId: me.id });
    expect(mine.statusCode).toBe(200);
    expect((await add({ userId: me.id })).statusCode).toBe(422); // once
    const marked = await admin.call('EventParticipant', 'Update', { ...mine.json().data, attended: true });
    expect(marked.json().data.attended).toBe(true);

    const list = (await learner('MyEvents')).json().data as { id: string; occurrences: unknown[] }[];
    expect(list.find((x) => x.id === e.id)?.occurrences).toHaveLength(1);

    // Another company's admin cannot see or add to the event.
    expect((await acme.call('Event', 'Get', { id: e.id })).statusCode).toBe(404);
    const acmeAdd = await acme.call('EventParticipant', 'Create', {
      id: uuidv7(),
      eventId: e.id,
      userId: stranger.id,
      departmentId: null,
    });
    expect(acmeAdd.statusCode).toBe(422);
  });

  it('learners join and leave; only admins with the event area edit events', async () => {
    const e = (await admin.call('Event', 'Create', eventInput({ name: 'Open day', repeat: 'none' }))).json()
      .data;
    const before = (await learner('MyEvents')).json().data as { id: string }[];
    expect(before.some((x) => x.id === e.id)).toBe(false);
    expect((await learner('JoinEvent', { eventId: e.id })).statusCode).toBe(200);
    expect((await learner('JoinEvent', { eventId: e.id })).statusCode).toBe(200);
    const joined = (await learner('MyEvents')).json().data as { id: string }[];
    expect(joined.filter((x) => x.id === e.id)).toHaveLength(1);
    const parts = (await admin.call('EventParticipant', 'List', { filters: { eventId: e.id } })).json().data;
    expect(parts.total).toBe(1);
    expect((await learner('LeaveEvent', { eventId: e.id })).statusCode).toBe(200);
    expect((await learner('LeaveEvent', { eventId: e.id })).statusCode).toBe(404);
    expect(((await learner('MyEvents')).json().data as { id: string }[]).some((x) => x.id === e.id)).toBe(
      false,
    );
    const acmeEvent = (
      await acme.call('Event', 'Create', eventInput({ name: 'ACME only', repeat: 'none' }))
    ).json().data;
    expect((await learner('JoinEvent', { eventId: acmeEvent.id })).statusCode).toBe(404);
    const byLearner = await resourceClient(t, learnerToken).call('Event', 'Create', eventInput());
    expect(byLearner.statusCode).toBe(403);
  });
});
