import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_HAS_SUB_TOPICS, TOPIC_PARENT_NOT_MAIN, topicInUse } from '#contract/resources/topic.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp({ seed: true });
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

const topic = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: `Topic ${Math.random().toString(36).slice(2, 8)}`,
  description: 'What it covers.',
  ...over,
});
const create = (client: typeof api, body: Record<string, unknown>) => client.call('Topic', 'Create', body);
const fields = (res: Awaited<ReturnType<typeof create>>) =>
  res.json().data.fields as { path: string; message: string }[];

describe('Topic: two levels, and no topic left without its parent', () => {
  it('takes a main topic and a sub-topic of it', async () => {
    const main = topic();
    expect((await create(api, main)).statusCode).toBe(200);
    const sub = await create(api, topic({ parentId: main.id }));
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data.parentId).toBe(main.id);
  });

  it('refuses as parent a sub-topic, itself, a missing topic or one of another company (422 on parentId)', async () => {
    const main = topic();
    const sub = topic({ parentId: main.id });
    await create(api, main);
    await create(api, sub);
    const theirs = topic();
    await create(acme, theirs);
    const selfId = crypto.randomUUID();
    const self = topic({ id: selfId, parentId: selfId });
    for (const parentId of [sub.id, crypto.randomUUID(), theirs.id]) {
      const res = await create(api, topic({ parentId }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual([{ path: 'parentId', message: TOPIC_PARENT_NOT_MAIN }]);
    }
    expect((await create(api, self)).statusCode).toBe(422);
  });

  it('refuses to make a topic with sub-topics a sub-topic', async () => {
    const [a, b] = [topic(), topic()];
    await create(api, a);
    await create(api, b);
    await create(api, topic({ parentId: a.id }));
    const res = await api.call('Topic', 'Update', { ...a, parentId: b.id, rev: 1 });
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual([{ path: 'parentId', message: TOPIC_HAS_SUB_TOPICS }]);
  });

  it('refuses to delete a topic that still has sub-topics, with the count; then deletes it once they are gone', async () => {
    const main = topic();
    const subs = [topic({ parentId: main.id }), topic({ parentId: main.id })];
    for (const x of [main, ...subs]) await create(api, x);
    const refused = await api.call('Topic', 'Delete', { id: main.id, rev: 1 });
    expect(refused.statusCode).toBe(422);
    expect(fields(refused)).toEqual([{ path: 'id', message: topicInUse(2, 0) }]);
    // The same rule holds for a queued offline delete: it comes back refused, nothing is removed.
    const pushed = await api.push([mutation('Topic', 'delete', { id: main.id, rev: 1 })]);
    expect(pushed.json().data.results[0]).toMatchObject({ httpStatus: 422 });
    for (const s of subs)
      expect((await api.call('Topic', 'Delete', { id: s.id, rev: 1 })).statusCode).toBe(200);
    expect((await api.call('Topic', 'Delete', { id: main.id, rev: 1 })).statusCode).toBe(200);
  });
});
