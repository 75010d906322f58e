import { readFileSync } from 'node:fs';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_NOT_FOUND, VIEW_SECONDS_MESSAGE } from '#contract/learner.ts';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import { records, users, viewEvents } from '../../server/db/schema.ts';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { seedViewEvents } from '../../server/db/seed-views.ts';
import { createCompany } from '../../server/services/create-company.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

const DAY = 86_400_000;
const clock = makeClock(new Date('2030-03-14T05:30:00Z'));
let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let learnerToken: string;
const ids = {} as Record<
  'demoCompany' | 'acmeCompany' | 'learner' | 'topic' | 'article' | 'sound' | 'video' | 'deleted' | 'theirs',
  string
>;

/** Tiny real media (the upload check reads the frames and the moov). */
const MEDIA = {
  audio: readFileSync(new URL('../fixtures/media/sound-2s.mp3', import.meta.url)),
  video: readFileSync(new URL('../fixtures/media/video-640x360.mp4', import.meta.url)),
};

async function upload(token: string, kind: 'audio' | 'video', fileName: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(token),
    payload: { base64: MEDIA[kind].toString('base64'), fileName, kind },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

async function create(client: ReturnType<typeof resourceClient>, resource: string, body: object) {
  const id = crypto.randomUUID();
  const res = await client.call(resource, 'Create', { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const recordView = (token: string | null, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Learner/RecordView',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload,
  });

const eventsOf = (contentId: string) =>
  t.app.db.select().from(viewEvents).where(eq(viewEvents.contentId, contentId)).orderBy(viewEvents.viewedAt);

const session = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json().data as {
    userID: string;
    companyID: string;
  };

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  const adminToken = await t.login('DEMO', 'admin', 'Admin@1234');
  const acmeToken = await t.login('ACME', 'admin', 'Admin@1234');
  admin = resourceClient(t, adminToken);
  acme = resourceClient(t, acmeToken);
  learnerToken = await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD);
  const me = await session(learnerToken);
  ids.learner = me.userID;
  ids.demoCompany = me.companyID;
  ids.acmeCompany = (await session(acmeToken)).companyID;

  ids.topic = await create(admin, 'Topic', { title: 'Forklift safety' });
  const article = { topicId: ids.topic, body: 'Check the forks before every shift.', minutes: 4 };
  ids.article = await create(admin, 'Article', { ...article, title: 'Daily forklift check' });
  ids.sound = await create(admin, 'Sound', {
    title: 'Forklift podcast',
    topicId: ids.topic,
    file: await upload(adminToken, 'audio', 'podcast.mp3'),
  });
  ids.video = await create(admin, 'Video', {
    title: 'Forklift in a narrow aisle',
    topicId: ids.topic,
    file: await upload(adminToken, 'video', 'aisle.mp4'),
  });
  ids.deleted = await create(admin, 'Article', { ...article, title: 'Old forklift rules' });
  expect((await admin.call('Article', 'Delete', { id: ids.deleted, rev: 1 })).statusCode).toBe(200);
  const theirTopic = await create(acme, 'Topic', { title: 'Acme onboarding' });
  ids.theirs = await create(acme, 'Article', { topicId: theirTopic, title: 'Welcome', body: 'Hello.' });
});
afterAll(() => t?.close());

describe('demo view events (seedViewEvents)', () => {
  const liveContents = async (companyId: string) =>
    (
      await t.app.db
        .select({ id: records.id })
        .from(records)
        .where(
          and(
            eq(records.companyId, companyId),
            inArray(records.resource, [...CONTENT_RESOURCES]),
            isNull(records.deletedAt),
          ),
        )
    ).map((r) => r.id);
  // Weekday in Bangkok time.
  const weekday = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).getUTCDay();

  it('gives each demo company 90 days of views of its own live contents by its own users', async () => {
    const seededAt = clock.now();
    for (const companyId of [ids.demoCompany, ids.acmeCompany]) {
      const rows = await t.app.db.select().from(viewEvents).where(eq(viewEvents.companyId, companyId));
      expect(rows.length).toBeGreaterThan(100);
      const contents = await liveContents(companyId);
      const people = (await t.app.db.select().from(users).where(eq(users.companyId, companyId))).map(
        (u) => u.id,
      );
      for (const r of rows) {
        expect(contents).toContain(r.contentId);
        expect(people).toContain(r.userId);
        expect(r.viewedAt.getTime()).toBeLessThan(seededAt.getTime());
        expect(r.viewedAt.getTime()).toBeGreaterThan(seededAt.getTime() - 90 * DAY);
        expect(r.seconds).toBeGreaterThanOrEqual(0);
      }
      expect(new Set(rows.map((r) => r.userId)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(rows.map((r) => r.contentId)).size).toBeGreaterThanOrEqual(Math.min(3, contents.length));
      const weekend = rows.filter((r) => [0, 6].includes(weekday(r.viewedAt))).length;
      expect(weekend * 2.5).toBeLessThan(rows.length - weekend);
    }
  });

  it("inserts nothing without contents; then only live ones, a department's ones by its members, the same every time", async () => {
    const { companyId } = await createCompany(t.app.db, {
      code: 'NORTH',
      name: 'Northwind Foods',
      admin: {
        username: 'owner',
        password: 'Start@2026',
        firstName: 'Nok',
        lastName: 'Wong',
        email: 'nok@north.example',
        phone: '0812345678',
        employeeId: 'N-1',
      },
    });
    const now = clock.now();
    expect(await seedViewEvents(t.app.db, companyId, now)).toBe(0);
    const north = resourceClient(t, await t.login('NORTH', 'owner', 'Start@2026'));
    const roleId = (await north.call('Role', 'List', {})).json().data.items[0].id;
    const kitchen = await create(north, 'Department', { name: 'Kitchen' });
    const staff: string[] = [];
    for (const [i, departmentId] of [kitchen, kitchen, null, null].entries()) {
      const person = {
        firstName: `Cook${i}`,
        lastName: 'Staff',
        username: `cook${i}`,
        password: 'Start@2026',
      };
      const phone = `08123456${String(i).padStart(2, '0')}`;
      const email = `cook${i}@north.example`;
      staff.push(
        await create(north, 'User', {
          ...person,
          phone,
          email,
          employeeId: `N-${i + 2}`,
          roleId,
          departmentId,
        }),
      );
    }
    const topicId = await create(north, 'Topic', { title: 'Food safety' });
    const article = (title: string, over: object = {}) =>
      create(north, 'Article', { topicId, title, body: 'Wash your hands.', minutes: 3, ...over });
    const open = await article('Hand washing');
    const kitchenOnly = await article('Knife handling', { departmentIds: [kitchen] });
    const gone = await article('Old menu');
    expect((await north.call('Article', 'Delete', { id: gone, rev: 1 })).statusCode).toBe(200);

    const inserted = await seedViewEvents(t.app.db, companyId, now);
    const rows = await t.app.db.select().from(viewEvents).where(eq(viewEvents.companyId, companyId));
    expect(rows).toHaveLength(inserted);
    expect(inserted).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.contentId))).toEqual(new Set([open, kitchenOnly]));
    const kitchenViewers = new Set(rows.filter((r) => r.contentId === kitchenOnly).map((r) => r.userId));
    expect([...kitchenViewers].sort()).toEqual(staff.slice(0, 2).sort());
    const openViewers = new Set(rows.filter((r) => r.contentId === open).map((r) => r.userId));
    expect(openViewers.size).toBe(5);
    for (const r of rows) {
      expect(r.viewedAt.getTime()).toBeLessThan(now.getTime());
      expect(r.viewedAt.getTime()).toBeGreaterThan(now.getTime() - 90 * DAY);
      expect(r.seconds).toBeLessThanOrEqual(3 * 60);
    }
    await t.app.db.delete(viewEvents).where(eq(viewEvents.companyId, companyId));
    expect(await seedViewEvents(t.app.db, companyId, now)).toBe(inserted);
  });
});

describe('POST /api/v1/Learner/RecordView', () => {
  it("records who viewed which content of the learner's company, when and for how long", async () => {
    const res = await recordView(learnerToken, { contentId: ids.article, seconds: 95 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 0,
      message: 'View recorded.',
      data: {
        userId: ids.learner,
        contentId: ids.article,
        contentResource: 'Article',
        seconds: 95,
        viewedAt: clock.now().toISOString(),
      },
    });
    const rows = await eventsOf(ids.article);
    expect(rows).toEqual([
      {
        id: answer.data.id,
        companyId: ids.demoCompany,
        userId: ids.learner,
        contentId: ids.article,
        contentResource: 'Article',
        seconds: 95,
        viewedAt: clock.now(),
      },
    ]);
  });

  it('records sounds and videos with their kind, and a view of 0 seconds', async () => {
    for (const [contentId, kind] of [
      [ids.sound, 'Sound'],
      [ids.video, 'Video'],
    ]) {
      const res = await recordView(learnerToken, { contentId, seconds: 0 });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await eventsOf(contentId!);
      expect(rows.map((r) => [r.contentResource, r.seconds, r.userId])).toEqual([[kind, 0, ids.learner]]);
    }
  });

  it('lets any signed-in user of the company record its own views, whatever its role', async () => {
    clock.advance(60_000);
    const before = (await eventsOf(ids.video)).length;
    const trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
    const res = await recordView(trainer, { contentId: ids.video, seconds: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await eventsOf(ids.video);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.userId).toBe((await session(trainer)).userID);
  });

  it("answers 404 for another company's content, a deleted one, a topic or an unknown id, and stores nothing", async () => {
    const [{ n: before }] = await t.app.db.select({ n: count() }).from(viewEvents);
    for (const contentId of [ids.theirs, ids.deleted, ids.topic, crypto.randomUUID()]) {
      const res = await recordView(learnerToken, { contentId, seconds: 10 });
      expect(res.statusCode, contentId).toBe(404);
      expect(res.json()).toMatchObject({ status: 1004, message: CONTENT_NOT_FOUND, data: null });
    }
    const [{ n: after }] = await t.app.db.select({ n: count() }).from(viewEvents);
    expect(after).toBe(before);
    expect(await eventsOf(ids.theirs)).toEqual([]);
  });

  it('refuses seconds that are negative, fractional, over a day or not a number (422)', async () => {
    for (const seconds of [-1, 1.5, 86_401, '60', null]) {
      const res = await recordView(learnerToken, { contentId: ids.sound, seconds });
      expect(res.statusCode, String(seconds)).toBe(422);
      expect(res.json().data.fields).toEqual([{ path: 'seconds', message: VIEW_SECONDS_MESSAGE }]);
    }
    const missing = await recordView(learnerToken, { seconds: 5 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.fields.map((f: { path: string }) => f.path)).toEqual(['contentId']);
    expect((await recordView(learnerToken, { contentId: 'not-a-uuid', seconds: 5 })).statusCode).toBe(422);
    expect((await recordView(learnerToken, { contentId: ids.sound, seconds: 86_400 })).statusCode).toBe(200);
    expect((await eventsOf(ids.sound)).map((r) => r.seconds)).toEqual([0, 86_400]);
  });

  it('answers 401 without a token or with a signed-out one, and stores nothing', async () => {
    const before = (await eventsOf(ids.article)).length;
    expect((await recordView(null, { contentId: ids.article, seconds: 5 })).statusCode).toBe(401);
    const token = await t.login('DEMO', 'kanya', DEMO_USER_PASSWORD);
    await t.app.inject({ method: 'POST', url: '/api/v1/Login/Logout', headers: bearer(token) });
    expect((await recordView(token, { contentId: ids.article, seconds: 5 })).statusCode).toBe(401);
    expect(await eventsOf(ids.article)).toHaveLength(before);
  });

  it("refuses a body naming another company or user (the tenant guard's 403)", async () => {
    const before = (await eventsOf(ids.article)).length;
    for (const extra of [{ companyId: ids.acmeCompany }, { userId: crypto.randomUUID() }]) {
      const res = await recordView(learnerToken, { contentId: ids.article, seconds: 5, ...extra });
      expect(res.statusCode).toBe(403);
    }
    expect(await eventsOf(ids.article)).toHaveLength(before);
  });

  it('counts a retried call with the same Idempotency-Key once, and gives it the first answer', async () => {
    const before = (await eventsOf(ids.article)).length;
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await recordView(learnerToken, { contentId: ids.article, seconds: 40 }, key);
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(5_000);
    const retry = await recordView(learnerToken, { contentId: ids.article, seconds: 40 }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await eventsOf(ids.article)).toHaveLength(before + 1);
    // Another key is another view; a refused call is not remembered under its key.
    const other = { 'idempotency-key': crypto.randomUUID() };
    expect((await recordView(learnerToken, { contentId: ids.article, seconds: 41 }, other)).statusCode).toBe(
      200,
    );
    expect(await eventsOf(ids.article)).toHaveLength(before + 2);
    const refusedKey = { 'idempotency-key': crypto.randomUUID() };
    expect(
      (await recordView(learnerToken, { contentId: ids.theirs, seconds: 1 }, refusedKey)).statusCode,
    ).toBe(404);
    expect(
      (await recordView(learnerToken, { contentId: ids.article, seconds: 1 }, refusedKey)).statusCode,
    ).toBe(200);
    expect(await eventsOf(ids.article)).toHaveLength(before + 3);
    const badKey = await recordView(
      learnerToken,
      { contentId: ids.article, seconds: 1 },
      { 'idempotency-key': 'x' },
    );
    expect(badKey.statusCode).toBe(422);
  });

  it('is documented in the OpenAPI page, with its body and the Idempotency-Key header', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/Learner/RecordView'].post;
    expect(op.tags).toEqual(['Learner']);
    expect(op.summary).toMatch(/viewed an article, sound or video/);
    expect(op.description).toMatch(/Idempotency-Key/);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['contentId', 'seconds']));
    expect(body.properties.seconds).toMatchObject({ type: 'integer', minimum: 0, maximum: 86_400 });
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toContain(
      'header idempotency-key',
    );
  });
});
