import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, notifications, users } from '../../server/db/schema.ts';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let learnerToken: string;
let learnerId: string;

beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2030-01-15T09:00:00Z') });
  admin = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  learnerToken = await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD);
  const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'nattapong'));
  learnerId = u.id;
});
afterAll(() => t?.close());

const ask = (question: string, key = uuidv7()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Learner/AskExpert',
    headers: { ...bearer(learnerToken), 'idempotency-key': key },
    payload: { question, topic: 'Safety' },
  });
const inbox = async () => {
  const [{ n }] = await t.app.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, learnerId)));
  return n;
};
type Q = { id: string; rev: number; [k: string]: unknown };

describe('expert questions', () => {
  it('a learner asks; the question waits with its asker, topic and send date', async () => {
    const key = uuidv7();
    const res = await ask('Which gloves for solvents?', key);
    expect(res.statusCode).toBe(200);
    const q = res.json().data as Q;
    expect(q).toMatchObject({
      question: 'Which gloves for solvents?',
      topic: 'Safety',
      status: 'waiting',
      askerId: learnerId,
      askerName: 'Nattapong Wongsawat',
      sendDate: '2030-01-15T09:00:00.000Z',
      answer: '',
    });
    // A retry with the same key asks once.
    expect((await ask('Which gloves for solvents?', key)).json().data.id).toBe(q.id);
    const list = await admin.call('ExpertQuestion', 'List', { search: 'gloves for solvents' });
    expect(list.json().data.total).toBe(1);
  });

  it('answering notifies the asker exactly once (a second answer and a replayed Push do not)', async () => {
    const q = (await ask('How often is the fire drill?')).json().data as Q;
    const before = await inbox();
    const m = mutation('ExpertQuestion', 'update', { ...q, answer: 'Twice a year.', rev: q.rev });
    const first = await admin.push([m]);
    expect(first.json().data.results[0].data).toMatchObject({ status: 'answered', answer: 'Twice a year.' });
    expect(await inbox()).toBe(before + 1);
    // The same Push again (lost answer, replayed), and the same change under a new mutation id.
    await admin.push([m]);
    const stale = await admin.push([{ ...m, id: uuidv7() }]);
    expect(stale.json().data.results[0].httpStatus).toBe(409);
    expect(await inbox()).toBe(before + 1);
    // Editing the answer later does not notify again; the asker and send date stay the server's.
    const again = await admin.call('ExpertQuestion', 'Update', {
      ...q,
      answer: 'Twice a year, in March and September.',
      askerName: 'Someone else',
      rev: 2,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ askerName: 'Nattapong Wongsawat', rev: 3 });
    expect(await inbox()).toBe(before + 1);
    const [row] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `expert-question/${q.id}`));
    expect(row).toMatchObject({ userId: learnerId, body: 'Twice a year.' });
    expect(row.title).toContain('How often is the fire drill?');
    // And one Web Push on the delivery queue, for the asker.
    const pushes = await t.app.db
      .select()
      .from(deliveryJobs)
      .where(eq(deliveryJobs.key, `answer:${q.id}:${learnerId}:push`));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ channel: 'push', userId: learnerId, body: 'Twice a year.' });
    // An answered question keeps an answer.
    const cleared = await admin.call('ExpertQuestion', 'Update', { ...q, answer: '', rev: 3 });
    expect(cleared.statusCode).toBe(422);
  });

  it('a refused answer (stale revision) notifies nobody', async () => {
    const q = (await ask('Where is the first-aid kit?')).json().data as Q;
    const before = await inbox();
    const res = await admin.call('ExpertQuestion', 'Update', { ...q, answer: 'Next to the lift.', rev: 7 });
    expect(res.statusCode).toBe(409);
    expect(await inbox()).toBe(before);
  });

  it('is confined to its company and to the community area', async () => {
    const q = (await ask('Is the canteen open on Sunday?')).json().data as Q;
    const other = await acme.call('ExpertQuestion', 'Get', { id: q.id });
    expect(other.statusCode).toBe(404);
    const otherAnswer = await acme.call('ExpertQuestion', 'Update', { ...q, answer: 'Yes.', rev: 1 });
    expect(otherAnswer.statusCode).not.toBe(200);
    expect((await acme.call('ExpertQuestion', 'List', {})).json().data.items).not.toContainEqual(
      expect.objectContaining({ id: q.id }),
    );
    const learner = resourceClient(t, learnerToken);
    const byLearner = await learner.call('ExpertQuestion', 'Update', { ...q, answer: 'Yes.', rev: 1 });
    expect(byLearner.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Learner/AskExpert',
      headers: bearer(learnerToken),
      payload: { question: '  ' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
