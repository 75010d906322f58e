import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companies, files, notifications, users } from '../../server/db/schema.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { CROWD_TOTAL } from '../../server/db/seed-crowd.ts';
import { DEMO_LOGINS, DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { FileMissingError, type FileStore } from '../../server/lib/file-store.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const LISTS = ['Faq', 'Banner', 'Topic', 'Feedback', 'TypeOfContent', 'TypeOfKnowledge'] as const;
const SIZES = {
  Faq: [6, 10],
  Banner: [4, 6],
  Topic: [5, 10],
  Feedback: [6, 10],
  TypeOfContent: [4, 6],
  TypeOfKnowledge: [4, 6],
};

type Item = Record<string, string>;
async function listAll(api: ReturnType<typeof resourceClient>, resource: string) {
  const res = await api.call(resource, 'List', { per_page: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Item[];
}

describe('demo data', () => {
  it('fills an empty database once: two companies (DEMO grown to 300 people), notifications for the admins', async () => {
    t = await makeTestApp({ seed: true });
    expect(t.app.seeded).toBe(true);
    const rows = await t.app.db
      .select({ code: companies.code, users: count(users.id) })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .groupBy(companies.code)
      .orderBy(companies.code);
    expect(rows).toEqual([
      { code: 'ACME', users: 6 },
      { code: 'DEMO', users: CROWD_TOTAL },
    ]);
    // 90 days of history: views from 89 days ago to today, progress, attempts and requests.
    const [history] = (
      (await t.app.db.execute(sql`select
        (select count(distinct (viewed_at at time zone 'Asia/Bangkok')::date) from view_events v
          join companies c on c.id = v.company_id and c.code = 'DEMO')::int as days,
        (select count(distinct user_id) from view_events)::int as viewers,
        (select count(*) from course_progress where started_at is not null)::int as started,
        (select count(*) from course_progress where finished_at is not null)::int as finished,
        (select count(*) from quiz_attempts)::int as attempts,
        (select count(*) from records where resource = 'Enrolment' and data ->> 'requestedAt' is not null)::int as requests`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows;
    expect(history!.days).toBeGreaterThanOrEqual(88);
    expect(history!.viewers).toBeGreaterThan(250);
    expect(history!.started).toBeGreaterThan(50);
    expect(history!.finished).toBeGreaterThan(20);
    expect(history!.attempts).toBeGreaterThan(0);
    expect(history!.requests).toBeGreaterThanOrEqual(10);
    const [{ n }] = await t.app.db.select({ n: count() }).from(notifications);
    expect(n).toBeGreaterThanOrEqual(12);
    const [{ n: stored }] = await t.app.db.select({ n: count() }).from(files);
    expect(await seedDemoData(t.app.db, t.app.fileStore, new Date())).toBe(false);
    const [{ n: after }] = await t.app.db.select({ n: count() }).from(files);
    expect(after).toBe(stored);
  });

  it('lets every demo login and the other demo users sign in, with their roles', async () => {
    t = await makeTestApp();
    for (const l of DEMO_LOGINS) {
      const res = await t.loginResponse(l.company, l.username, l.password);
      expect(res.statusCode, `${l.company}/${l.username}`).toBe(200);
    }
    expect((await t.loginResponse('DEMO', 'kanya', DEMO_USER_PASSWORD)).statusCode).toBe(200);
    expect((await t.loginResponse('ACME', 'david', DEMO_USER_PASSWORD)).statusCode).toBe(200);
    expect((await t.loginResponse('DEMO', 'malee', DEMO_USER_PASSWORD)).statusCode).not.toBe(200);
    const api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
    const roles = await listAll(api, 'Role');
    expect(roles.map((r) => r.name)).toEqual(['Administrator', 'Employee', 'Trainer']);
    const people = await listAll(api, 'User');
    expect(people).toHaveLength(CROWD_TOTAL);
    // The generated crowd shares the other demo users' password.
    expect((await t.loginResponse('DEMO', people[200]!.username!, DEMO_USER_PASSWORD)).statusCode).toBe(200);
    expect(people.slice(0, 6).map((u) => [u.employeeId, u.username])).toEqual([
      ['DEMO-0001', 'admin'],
      ['DEMO-0002', 'trainer'],
      ['DEMO-0003', 'nattapong'],
      ['DEMO-0004', 'kanya'],
      ['DEMO-0005', 'john'],
      ['DEMO-0006', 'malee'],
    ]);
    const depts = await listAll(api, 'Department');
    const production = depts.find((d) => d.name === 'Production') as unknown as { memberIds: string[] };
    const inProduction = people.filter((u) => ['trainer', 'nattapong'].includes(u.username)).map((u) => u.id);
    expect(production.memberIds).toEqual(inProduction.sort());
  });

  it('fills the FAQ, banner, feedback and master-data lists of both companies', async () => {
    t = await makeTestApp();
    for (const company of ['DEMO', 'ACME']) {
      const token = await t.login(company, 'admin', 'Admin@1234');
      const api = resourceClient(t, token);
      for (const resource of LISTS) {
        const items = await listAll(api, resource);
        const [min, max] = SIZES[resource];
        expect(items.length, `${company} ${resource}`).toBeGreaterThanOrEqual(min);
        expect(items.length, `${company} ${resource}`).toBeLessThanOrEqual(max);
      }
      const names = (await listAll(api, 'User')).map((u) => `${u.firstName} ${u.lastName}`);
      const feedback = await listAll(api, 'Feedback');
      expect(feedback.every((f) => names.includes(f.senderName))).toBe(true);
      expect(new Set(feedback.map((f) => f.status)).size).toBe(3);
      expect(feedback.some((f) => f.reply)).toBe(true);

      const now = Date.now();
      const banners = await listAll(api, 'Banner');
      const running = banners.filter((b) => Date.parse(b.startAt) <= now && now < Date.parse(b.endAt));
      expect(running.length).toBeGreaterThanOrEqual(2);
      expect(banners.some((b) => Date.parse(b.startAt) > now)).toBe(true);
      expect(banners.some((b) => Date.parse(b.endAt) < now)).toBe(true);
      expect(banners.some((b) => b.action === 'link' && b.linkUrl.startsWith('https://'))).toBe(true);
      for (const b of banners) {
        const image = await t.app.inject({ url: b.image, headers: bearer(token) });
        expect(image.statusCode, b.image).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect([...image.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      }

      const topics = await listAll(api, 'Topic');
      const ids = new Set(topics.map((x) => x.id));
      const subTopics = topics.filter((x) => x.parentId);
      expect(subTopics.length).toBeGreaterThanOrEqual(2);
      expect(subTopics.every((x) => ids.has(x.parentId as string))).toBe(true);
      const cover = await t.app.inject({ url: topics[0]!.background, headers: bearer(token) });
      expect(cover.statusCode).toBe(200);
      expect([...cover.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

      // Every main topic holds something: its own articles or a sub-topic's.
      const articles = await listAll(api, 'Article');
      expect(articles.length).toBeGreaterThanOrEqual(5);
      expect(articles.every((a) => ids.has(a.topicId as string) && a.typeOfKnowledgeId)).toBe(true);
      for (const resource of ['Video', 'Sound']) {
        const media = await listAll(api, resource);
        expect(media.length, resource).toBeGreaterThanOrEqual(2);
        // Minutes and size were read from the clip by the server, as for any upload.
        expect(media.every((m) => Number(m.minutes) >= 1 && Number(m.fileSize) > 1000)).toBe(true);
      }
      const lessons = await listAll(api, 'KnowledgeShare');
      expect(lessons.length).toBeGreaterThanOrEqual(1);
      expect(lessons.every((l) => typeof l.authorId === 'string')).toBe(true);
      const holding = new Set(articles.map((a) => a.topicId as string));
      for (const main of topics.filter((x) => !x.parentId)) {
        const subs = topics.filter((x) => x.parentId === main.id).map((x) => x.id);
        expect(
          [main.id, ...subs].some((id) => holding.has(id)),
          String(main.title),
        ).toBe(true);
      }

      // Deep links to its own topics and articles, with counted openings; one expired (410).
      const links = await listAll(api, 'DeepLink');
      const targets = new Set([...ids, ...articles.map((a) => a.id as string)]);
      expect(links.length).toBeGreaterThanOrEqual(4);
      expect(new Set(links.map((l) => l.targetKind))).toEqual(new Set(['Topic', 'Article']));
      expect(links.every((l) => targets.has(l.targetId as string) && Number(l.clicks) > 0)).toBe(true);
      const openings = await Promise.all(links.map((l) => t!.app.inject({ url: `/l/${l.code}` })));
      const statuses = openings.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 410)).toHaveLength(1);
      expect(statuses.filter((s) => s === 302)).toHaveLength(links.length - 1);
    }
  });

  it('removes the banner images it stored when its transaction fails', async () => {
    t = await makeTestApp({ seed: false });
    const app = t.app;
    const written: string[] = [];
    const removed: string[] = [];
    const store: Pick<FileStore, 'write' | 'remove'> = {
      write: async (key, body, max) => {
        written.push(key);
        return app.fileStore.write(key, body, max);
      },
      remove: async (key) => {
        removed.push(key);
        return app.fileStore.remove(key);
      },
    };
    // Another instance seeding at the same time: its company code wins, this transaction fails.
    const failing = new Proxy(app.db, {
      get: (db, key) =>
        key === 'transaction'
          ? async () => {
              throw Object.assign(new Error('duplicate key value'), { code: '23505' });
            }
          : Reflect.get(db, key),
    });
    expect(await seedDemoData(failing, store, new Date())).toBe(false);
    expect(written.length).toBeGreaterThan(0);
    expect(removed.sort()).toEqual(written.sort());
    for (const key of written) await expect(app.fileStore.read(key)).rejects.toThrow(FileMissingError);
    const [{ n }] = await app.db.select({ n: count() }).from(files);
    expect(n).toBe(0);
  });

  it('never seeds in production', async () => {
    t = await makeTestApp({ production: true });
    expect(t.app.seeded).toBe(false);
    const [{ n }] = await t.app.db.select({ n: count() }).from(users);
    expect(n).toBe(0);
  });
});
