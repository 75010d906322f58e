import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEEP_LINK_CODE_FIXED,
  DEEP_LINK_CODE_FORMAT,
  DEEP_LINK_CODE_TAKEN,
  DEEP_LINK_TARGET_MISSING,
} from '#contract/resources/deep-link.ts';
import { bearer, HOUR, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp;
const clock = makeClock();
let api: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let trainer: ReturnType<typeof resourceClient>;
let demoToken: string;
let topicId: string;
let articleId: string;

type Res = Awaited<ReturnType<typeof api.call>>;
const fields = (res: Res) => res.json().data.fields as { path: string; message: string }[];

const newTopic = async (client = api) => {
  const id = crypto.randomUUID();
  const res = await client.call('Topic', 'Create', { id, title: `Topic ${id.slice(0, 8)}` });
  expect(res.statusCode, res.body).toBe(200);
  return id;
};
const link = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Poster in the canteen',
  targetKind: 'Topic',
  targetId: topicId,
  ...over,
});
const create = async (client: typeof api, body: Record<string, unknown>) => {
  const res = await client.call('DeepLink', 'Create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown> & {
    id: string;
    code: string;
    rev: number;
    clicks: number;
  };
};
const get = async (id: string, client = api) => (await client.call('DeepLink', 'Get', { id })).json().data;
const open = (code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/l/${code}`, headers });

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  demoToken = await t.login('DEMO', 'admin', 'Admin@1234');
  api = resourceClient(t, demoToken);
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  trainer = resourceClient(t, await t.login('DEMO', 'trainer', 'Trainer@1234'));
  topicId = await newTopic();
  articleId = crypto.randomUUID();
  const article = await api.call('Article', 'Create', {
    id: articleId,
    title: 'Lockout tagout in five steps',
    topicId,
    body: 'Step one: announce the shutdown.',
  });
  expect(article.statusCode, article.body).toBe(200);
});
afterAll(() => t?.close());

describe('DeepLink: CRUD, the code chosen once, the target a live record of the company', () => {
  it('creates a link with a server-made 7-character code, lists, updates and deletes it', async () => {
    const made = await create(api, link());
    expect(made.code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(made).toMatchObject({ clicks: 0, expiresAt: null, targetKind: 'Topic', targetId: topicId });
    const list = await api.call('DeepLink', 'List', { search: made.code });
    expect(list.json().data.items.map((x: { id: string }) => x.id)).toEqual([made.id]);

    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    const updated = await api.call('DeepLink', 'Update', {
      ...editable,
      title: 'Poster at the gate',
      targetKind: 'Article',
      targetId: articleId,
      expiresAt: '2030-03-01T17:00:00+07:00',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Poster at the gate',
      targetKind: 'Article',
      code: made.code,
      rev: 2,
      expiresAt: '2030-03-01T17:00:00+07:00',
    });
    // Emptied in a form, the expiry is stored as none.
    const cleared = await api.call('DeepLink', 'Update', { ...editable, rev: 2, expiresAt: '' });
    expect(cleared.json().data.expiresAt).toBeNull();
    const gone = await api.call('DeepLink', 'Delete', { id: made.id });
    expect(gone.statusCode).toBe(200);
    expect((await api.call('DeepLink', 'Get', { id: made.id })).statusCode).toBe(404);
  });

  it("keeps a client's proposed code when no link of any company holds it, ignoring case", async () => {
    const mine = await create(api, link({ code: 'Safety-Week_1' }));
    expect(mine.code).toBe('Safety-Week_1');
    const theirTopic = await newTopic(acme);
    for (const code of ['Safety-Week_1', 'safety-week_1']) {
      const res = await acme.call('DeepLink', 'Create', link({ code, targetId: theirTopic }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual([{ path: 'code', message: DEEP_LINK_CODE_TAKEN }]);
    }
    // A deleted link's code is never given again: a printed QR code must not open another link.
    await api.call('DeepLink', 'Delete', { id: mine.id });
    const again = await api.call('DeepLink', 'Create', link({ code: 'SAFETY-WEEK_1' }));
    expect(fields(again)).toEqual([{ path: 'code', message: DEEP_LINK_CODE_TAKEN }]);
    for (const code of ['ab', 'has space', 'ünï', 'x'.repeat(41)]) {
      const res = await api.call('DeepLink', 'Create', link({ code }));
      expect(res.statusCode, code).toBe(422);
      expect(fields(res)).toEqual([{ path: 'code', message: DEEP_LINK_CODE_FORMAT }]);
    }
  });

  it('gives a code to one of two companies proposing it at the same moment', async () => {
    const theirTopic = await newTopic(acme);
    const answers = await Promise.all([
      api.call('DeepLink', 'Create', link({ code: 'race-code' })),
      acme.call('DeepLink', 'Create', link({ code: 'RACE-code', targetId: theirTopic })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });

  it('never changes the code of a link: another one is refused, an empty one keeps it', async () => {
    const made = await create(api, link());
    const base = { id: made.id, rev: made.rev, targetKind: 'Topic', targetId: topicId, title: 'x' };
    const other = await api.call('DeepLink', 'Update', { ...base, code: 'another-code' });
    expect(other.statusCode).toBe(422);
    expect(fields(other)).toEqual([{ path: 'code', message: DEEP_LINK_CODE_FIXED }]);
    const kept = await api.call('DeepLink', 'Update', { ...base, code: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.code).toBe(made.code);
  });

  it("refuses a target that is missing, deleted, of another kind or another company's, and kinds not built yet", async () => {
    const deleted = await newTopic();
    await api.call('Topic', 'Delete', { id: deleted });
    const theirs = await newTopic(acme);
    for (const [targetKind, targetId] of [
      ['Topic', crypto.randomUUID()],
      ['Topic', deleted],
      ['Topic', articleId],
      ['Video', topicId],
      ['Topic', theirs],
    ]) {
      const res = await api.call('DeepLink', 'Create', link({ targetKind, targetId }));
      expect(res.statusCode, `${targetKind} ${targetId}`).toBe(422);
      expect(fields(res)).toEqual([{ path: 'targetId', message: DEEP_LINK_TARGET_MISSING }]);
    }
    // An event must be a live event of the company (a topic's id is none).
    const event = await api.call('DeepLink', 'Create', link({ targetKind: 'Event' }));
    expect(event.statusCode).toBe(422);
    expect(fields(event)).toEqual([{ path: 'targetId', message: DEEP_LINK_TARGET_MISSING }]);
    const eventId = crypto.randomUUID();
    const made = await api.call('Event', 'Create', {
      id: eventId,
      name: 'Fire drill',
      startAt: '2030-02-01T09:00:00+07:00',
      endAt: '2030-02-01T10:00:00+07:00',
    });
    expect(made.statusCode).toBe(200);
    const toEvent = await api.call('DeepLink', 'Create', link({ targetKind: 'Event', targetId: eventId }));
    expect(toEvent.statusCode).toBe(200);
    // A course must be a live course of the company too.
    const course = await api.call('DeepLink', 'Create', link({ targetKind: 'Course', targetId: topicId }));
    expect(fields(course)).toEqual([{ path: 'targetId', message: DEEP_LINK_TARGET_MISSING }]);
  });

  it('opens a course or a quiz, named by its name', async () => {
    const courseId = crypto.randomUUID();
    const made = await api.call('Course', 'Create', {
      id: courseId,
      name: 'Forklift refresher',
      startAt: '2030-01-01T08:00:00+07:00',
      endAt: '2030-02-01T08:00:00+07:00',
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await api.call(
      'DeepLink',
      'Create',
      link({ targetKind: 'Course', targetId: courseId, title: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.app.inject({
      url: `/l/${res.json().data.code}`,
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(302);
    const fallback = await t.app.inject({ url: page.headers.location as string });
    expect(fallback.body).toContain('Forklift refresher');
    expect(fallback.body).toContain('opens a course');
  });

  it('sets clicks itself: 0 on create, the stored count on update, whatever the client sends', async () => {
    const made = await create(api, link({ clicks: 99 }));
    expect(made.clicks).toBe(0);
    expect((await open(made.code)).statusCode).toBe(302);
    const res = await api.call('DeepLink', 'Update', {
      ...link({ id: made.id }),
      rev: made.rev,
      clicks: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.clicks).toBe(1);
  });
});

describe('GET /l/{code}: counts the click and redirects', () => {
  it('answers 302 to its fallback page, counts once per opening, and a pull brings the count', async () => {
    const made = await create(api, link({ title: '' }));
    const before = (await api.pull({})).json().data.changes.DeepLink.cursor as string;
    const res = await open(made.code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/l/${made.code}/open`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await open(made.code.toLowerCase())).statusCode).toBe(302); // codes ignore case
    const after = await get(made.id);
    expect(after.clicks).toBe(2);
    // A click is not an edit: same rev, so an edit made offline meanwhile is no conflict.
    expect(after.rev).toBe(made.rev);
    const pulled = (await api.pull({ DeepLink: before })).json().data.changes.DeepLink.rows;
    expect(pulled.find((r: { id: string }) => r.id === made.id)).toMatchObject({ clicks: 2, rev: made.rev });

    const page = await t.app.inject({ method: 'GET', url: `/l/${made.code}/open` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`href="learner://open/Topic/${topicId}"`);
    expect(page.body).toContain('Open in the app');
    expect(page.body).toContain(`Topic ${topicId.slice(0, 8)}`); // the target's title, the link has none
    expect((await get(made.id)).clicks).toBe(2); // the page itself counts nothing
    expect((await t.app.inject({ method: 'HEAD', url: `/l/${made.code}` })).statusCode).toBe(404);
    expect((await get(made.id)).clicks).toBe(2);
  });

  it('counts every one of many simultaneous openings', async () => {
    const made = await create(api, link());
    const answers = await Promise.all(Array.from({ length: 12 }, () => open(made.code)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(302));
    expect((await get(made.id)).clicks).toBe(12);
  });

  it("keeps a count that lands between an admin's read and write", async () => {
    const made = await create(api, link());
    await open(made.code);
    // The admin edited the link from rev 1 while it was opened: the edit keeps the count.
    const edit = await api.call('DeepLink', 'Update', {
      ...link({ id: made.id, title: 'New' }),
      rev: made.rev,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ title: 'New', clicks: 1, rev: made.rev + 1 });
    // Openings and edits at the same moment: every opening is counted, every edit applied.
    const body = { ...link({ id: made.id }) };
    const [edits, opens] = await Promise.all([
      (async () => {
        let rev = made.rev + 1;
        for (let i = 0; i < 4; i++) {
          const res = await api.call('DeepLink', 'Update', { ...body, title: `Edit ${i}`, rev });
          expect(res.statusCode, res.body).toBe(200);
          rev = res.json().data.rev;
        }
        return rev;
      })(),
      Promise.all(Array.from({ length: 10 }, () => open(made.code))),
    ]);
    expect(opens.every((o) => o.statusCode === 302)).toBe(true);
    expect(await get(made.id)).toMatchObject({ title: 'Edit 3', clicks: 11, rev: edits });
  });

  it('answers 404 for an unknown or deleted link and 410 once expired or its content is deleted', async () => {
    expect((await open('no-such-code')).statusCode).toBe(404);
    const doomed = await create(api, link());
    await api.call('DeepLink', 'Delete', { id: doomed.id });
    expect((await open(doomed.code)).statusCode).toBe(404);

    const expiring = await create(
      api,
      link({ expiresAt: new Date(clock.now().getTime() + HOUR).toISOString() }),
    );
    expect((await open(expiring.code)).statusCode).toBe(302);
    clock.advance(2 * HOUR);
    const expired = await open(expiring.code, { 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('ลิงก์นี้หมดอายุแล้ว');
    expect(expired.body).toContain('lang="th"');
    expect((await t.app.inject({ method: 'GET', url: `/l/${expiring.code}/open` })).statusCode).toBe(410);
    expect((await get(expiring.id)).clicks).toBe(1);

    const topic = await newTopic();
    const orphan = await create(api, link({ targetId: topic }));
    await api.call('Topic', 'Delete', { id: topic });
    const removed = await open(orphan.code);
    expect(removed.statusCode).toBe(410);
    expect(removed.body).toContain('This content is no longer available');
  });

  it('is described in the OpenAPI page, with no session asked for', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const opening = docs.paths['/l/{code}']?.get;
    expect(opening?.security).toEqual([]);
    expect(opening?.description).toMatch(/302.*LEARNER_APP_URL.*404.*410/s);
    expect(docs.paths['/l/{code}/open']?.get).toBeDefined();
  });

  it('redirects to the learner app when LEARNER_APP_URL is set', async () => {
    const other = await makeTestApp({ env: { LEARNER_APP_URL: 'https://learn.example.com/app/' } });
    try {
      const client = resourceClient(other, await other.login('DEMO', 'admin', 'Admin@1234'));
      const topic = crypto.randomUUID();
      await client.call('Topic', 'Create', { id: topic, title: 'Safety' });
      const made = (
        await client.call('DeepLink', 'Create', {
          id: crypto.randomUUID(),
          targetKind: 'Topic',
          targetId: topic,
        })
      ).json().data;
      const res = await other.app.inject({ method: 'GET', url: `/l/${made.code}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://learn.example.com/app/open/Topic/${topic}`);
    } finally {
      await other.close();
    }
  });
});

describe('DeepLink: permissions and companies', () => {
  it("keeps links apart between companies: another company's admin neither sees nor changes them", async () => {
    const made = await create(api, link());
    const theirTopic = await newTopic(acme);
    const list = (await acme.call('DeepLink', 'List', { search: made.code })).json().data;
    expect(list.total).toBe(0);
    for (const [action, body] of [
      ['Get', { id: made.id }],
      ['Update', { ...link({ id: made.id, targetId: theirTopic }), rev: made.rev }],
      ['Delete', { id: made.id }],
    ] as const) {
      const res = await acme.call('DeepLink', action, body);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
    }
    expect(await get(made.id)).toMatchObject({ rev: made.rev, title: 'Poster in the canteen' });
  });

  it('lets the trainer (library rights) manage links, and an employee (library read only) only read them', async () => {
    const made = await create(trainer, link());
    expect((await trainer.call('DeepLink', 'Delete', { id: made.id })).statusCode).toBe(200);
    const employee = resourceClient(t, await t.login('DEMO', 'nattapong', 'Demo@1234'));
    expect((await employee.call('DeepLink', 'List', {})).statusCode).toBe(200);
    expect((await employee.call('DeepLink', 'Create', link())).statusCode).toBe(403);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/DeepLink/List', payload: {} });
    expect(noToken.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/DeepLink/List',
          headers: bearer(demoToken),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });
});
