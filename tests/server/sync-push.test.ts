import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

const results = async (...ms: ReturnType<typeof mutation>[]) => {
  const res = await api.push(ms);
  expect(res.statusCode).toBe(200);
  return res.json().data.results as {
    id: string;
    httpStatus: number;
    status: number;
    message: string;
    data: Record<string, unknown> & { rev: number; deletedAt: string | null; fields: unknown };
  }[];
};

describe('Sync/Push', () => {
  it('applies mutations in order, one result each in the same order, revs counting up', async () => {
    const input = faqInput();
    const { id } = input;
    const ms = [
      mutation('Faq', 'create', input),
      mutation('Faq', 'update', { ...input, answer: 'Second.', rev: 1 }),
      mutation('Faq', 'update', { ...input, answer: 'Third.', rev: 2 }),
      mutation('Faq', 'delete', { id, rev: 3 }),
    ];
    const out = await results(...ms);
    expect(out.map((r) => r.id)).toEqual(ms.map((m) => m.id));
    expect(out.map((r) => r.httpStatus)).toEqual([200, 200, 200, 200]);
    expect(out.map((r) => r.data.rev)).toEqual([1, 2, 3, 4]);
    expect(out[2].data).toMatchObject({ id, answer: 'Third.', deletedAt: null });
    expect(out[3].data.deletedAt).not.toBeNull();
  });

  it('replays a lost batch exactly once: the same answers, nothing created twice', async () => {
    const input = faqInput({ question: 'Replayed question' });
    const ms = [
      mutation('Faq', 'create', input),
      mutation('Faq', 'update', { ...input, answer: 'Edited.', rev: 1 }),
    ];
    const first = await results(...ms);
    const again = await results(...ms);
    expect(again).toEqual(first);
    const list = await api.call('Faq', 'List', { search: 'Replayed question' });
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.items[0].rev).toBe(2);
  });

  it('applies concurrent replays of one batch once, both getting the first answers', async () => {
    const input = faqInput({ question: 'Concurrent replay' });
    const ms = [
      mutation('Faq', 'create', input),
      mutation('Faq', 'update', { ...input, answer: 'Once.', rev: 1 }),
    ];
    const [a, b] = await Promise.all([api.push(ms), api.push(ms)]);
    expect(a.json().data.results).toEqual(b.json().data.results);
    expect(a.json().data.results.map((r: { httpStatus: number }) => r.httpStatus)).toEqual([200, 200]);
    const list = await api.call('Faq', 'List', { search: 'Concurrent replay' });
    expect(list.json().data.items.map((i: { rev: number }) => i.rev)).toEqual([2]);
  });

  it('answers a stale update with 409 and the current record, then 424 for later changes of that record', async () => {
    const input = faqInput();
    const other = faqInput();
    await results(
      mutation('Faq', 'create', input),
      mutation('Faq', 'update', { ...input, answer: 'Theirs.', rev: 1 }),
    );
    const out = await results(
      mutation('Faq', 'update', { ...input, answer: 'Mine.', rev: 1 }),
      mutation('Faq', 'create', other),
      mutation('Faq', 'update', { ...input, answer: 'Mine again.', rev: 2 }),
      mutation('Faq', 'delete', { id: input.id, rev: 3 }),
    );
    expect(out.map((r) => r.httpStatus)).toEqual([409, 200, 424, 424]);
    expect(out[0].status).toBe(STATUS.conflict);
    expect(out[0].data).toMatchObject({ id: input.id, rev: 2, answer: 'Theirs.' });
    const now = await api.call('Faq', 'Get', { id: input.id });
    expect(now.json().data).toMatchObject({ rev: 2, answer: 'Theirs.' });
  });

  it('refuses per mutation: 422 with fields, 404 missing, 422 unknown resource; the others still apply', async () => {
    const good = faqInput();
    const out = await results(
      mutation('Faq', 'create', { ...faqInput(), sendDate: 'tomorrow' }),
      mutation('Faq', 'update', { ...faqInput(), rev: 1 }),
      mutation('NoSuchResource', 'create', faqInput()),
      mutation('Faq', 'create', good),
    );
    expect(out.map((r) => r.httpStatus)).toEqual([422, 404, 422, 200]);
    expect(out[0].data.fields).toEqual([{ path: 'sendDate', message: 'Please choose the send date.' }]);
    expect(out[2].message).toContain('TypeOfContent');
  });

  it('does not remember a refusal: the same mutation id applies once it is valid', async () => {
    const input = faqInput();
    const id = uuidv7();
    const [refused] = await results(mutation('Faq', 'create', { ...input, question: '' }, id));
    expect(refused.httpStatus).toBe(422);
    const [applied] = await results(mutation('Faq', 'create', input, id));
    expect(applied.httpStatus).toBe(200);
    const [replayed] = await results(mutation('Faq', 'create', { ...input, question: 'Changed' }, id));
    expect(replayed).toEqual(applied);
  });

  it('keeps quotes, backslashes and other scripts in an update as sent', async () => {
    const input = faqInput();
    const answer = `It's "C:\\temp\\" \\' '' -- ; ' || 'x' แก้ไข 改`;
    const [, updated] = await results(
      mutation('Faq', 'create', input),
      mutation('Faq', 'update', { ...input, answer, rev: 1 }),
    );
    expect(updated.data).toMatchObject({ id: input.id, rev: 2, answer });
    expect((await api.call('Faq', 'Get', { id: input.id })).json().data).toMatchObject({ rev: 2, answer });
  });

  it('answers a mutation id sent twice in one batch with its first answer, applied once', async () => {
    const input = faqInput({ question: 'Sent twice in one batch' });
    const twice = mutation('Faq', 'create', input);
    const out = await results(
      twice,
      mutation('Faq', 'update', { ...input, answer: 'Edited.', rev: 1 }),
      twice,
    );
    expect(out.map((r) => r.httpStatus)).toEqual([200, 200, 200]);
    expect(out[2]).toEqual(out[0]);
    const list = await api.call('Faq', 'List', { search: 'Sent twice in one batch' });
    expect(list.json().data.items.map((i: { rev: number }) => i.rev)).toEqual([2]);
  });

  it('undoes only a mutation the database refused (500): the others of the batch stand, stored once', async () => {
    // PostgreSQL refuses a NUL character in jsonb: the statement fails after the checks passed.
    const bad = faqInput({ question: 'Refused by the database \u0000' });
    const before = faqInput({ question: 'Around a database refusal' });
    const after = faqInput({ question: 'Around a database refusal' });
    const ms = [
      mutation('Faq', 'create', before),
      mutation('Faq', 'update', { ...before, answer: 'Edited.', rev: 1 }),
      mutation('Faq', 'create', bad),
      mutation('Faq', 'create', after),
    ];
    const out = await results(...ms);
    expect(out.map((r) => r.httpStatus)).toEqual([200, 200, 500, 200]);
    expect(out[2].status).toBe(STATUS.server);
    const list = await api.call('Faq', 'List', { search: 'Around a database refusal' });
    expect(
      list
        .json()
        .data.items.map((i: { id: string; rev: number }) => [i.id, i.rev])
        .sort(),
    ).toEqual(
      [
        [before.id, 2],
        [after.id, 1],
      ].sort(),
    );
    expect((await api.call('Faq', 'Get', { id: bad.id })).statusCode).toBe(404);
    const again = await results(...ms);
    expect(again.map((r) => r.httpStatus)).toEqual([200, 200, 500, 200]);
    expect([again[0], again[1], again[3]]).toEqual([out[0], out[1], out[3]]);
  });

  it('applies a run of updates of many records as one at a time would: 409 then 424, 404, 422, a record twice, Pull order, the activity log', async () => {
    const [a, b, c] = ['A', 'B', 'C'].map((n) => faqInput({ question: `Run of updates ${n}` }));
    await results(...[a, b, c].map((x) => mutation('Faq', 'create', x)));
    const pullFaq = async (cursor: string) =>
      (await api.pull({ Faq: cursor }, 5000)).json().data.changes.Faq as {
        rows: { id: string; rev: number; answer: string }[];
        cursor: string;
      };
    const { cursor } = await pullFaq('');
    const ms = [
      mutation('Faq', 'update', { ...a, answer: 'A2', rev: 1 }),
      mutation('Faq', 'update', { ...b, answer: 'B stale', rev: 7 }),
      mutation('Faq', 'update', { ...c, answer: 'C2', rev: 1 }),
      mutation('Faq', 'update', { ...b, answer: 'B after a refusal', rev: 1 }),
      mutation('Faq', 'update', { ...a, answer: 'A3', rev: 2 }),
      mutation('Faq', 'update', { ...faqInput(), rev: 1 }),
      mutation('Faq', 'update', { ...c, answer: ' ', rev: 2 }),
      mutation('Faq', 'update', { ...c, answer: 'C after a refusal', rev: 2 }),
    ];
    const out = await results(...ms);
    expect(out.map((r) => r.id)).toEqual(ms.map((m) => m.id));
    expect(out.map((r) => r.httpStatus)).toEqual([200, 409, 200, 424, 200, 404, 422, 424]);
    expect(out[0].data).toMatchObject({ id: a.id, answer: 'A2', rev: 2 });
    expect(out[1].data).toMatchObject({ id: b.id, answer: b.answer, rev: 1 });
    expect(out[2].data).toMatchObject({ id: c.id, answer: 'C2', rev: 2 });
    expect(out[4].data).toMatchObject({ id: a.id, answer: 'A3', rev: 3 });
    // Pull shows the changes in the order they were applied, each record once at its last state.
    const changed = await pullFaq(cursor);
    expect(changed.rows.map((r) => [r.id, r.rev, r.answer])).toEqual([
      [c.id, 2, 'C2'],
      [a.id, 3, 'A3'],
    ]);
    const again = await results(...ms);
    expect(again.filter((r) => r.httpStatus === 200)).toEqual(out.filter((r) => r.httpStatus === 200));
    const entries = await t.app.inject({
      method: 'POST',
      url: '/api/v1/AuditLog/List',
      headers: bearer(await t.login('DEMO', 'admin', 'Admin@1234')),
      payload: { per_page: 200, resource: 'Faq', search: 'Run of updates' },
    });
    const updates = (entries.json().data.items as { recordId: string; action: string; changes: unknown }[])
      .filter((e) => e.action === 'update')
      .map((e) => [e.recordId, e.changes]);
    expect(updates).toHaveLength(3);
    expect(updates).toEqual(
      expect.arrayContaining([
        [a.id, [{ field: 'answer', from: a.answer, to: 'A2' }]],
        [a.id, [{ field: 'answer', from: 'A2', to: 'A3' }]],
        [c.id, [{ field: 'answer', from: c.answer, to: 'C2' }]],
      ]),
    );
  });

  it('undoes only an update the database refused inside a run of updates: the others stand', async () => {
    const [a, b, c] = ['A', 'B', 'C'].map((n) => faqInput({ question: `Run with a refusal ${n}` }));
    await results(...[a, b, c].map((x) => mutation('Faq', 'create', x)));
    const ms = [
      mutation('Faq', 'update', { ...a, answer: 'A2', rev: 1 }),
      mutation('Faq', 'update', { ...b, answer: 'Refused by the database \u0000', rev: 1 }),
      mutation('Faq', 'update', { ...c, answer: 'C2', rev: 1 }),
    ];
    const out = await results(...ms);
    expect(out.map((r) => r.httpStatus)).toEqual([200, 500, 200]);
    const get = async (id: string) => (await api.call('Faq', 'Get', { id })).json().data;
    expect(await get(a.id)).toMatchObject({ answer: 'A2', rev: 2 });
    expect(await get(b.id)).toMatchObject({ answer: b.answer, rev: 1 });
    expect(await get(c.id)).toMatchObject({ answer: 'C2', rev: 2 });
  });

  it('refuses the whole request without a token (401) or with a malformed body (422)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v6/Sync/Push',
      payload: { mutations: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await t.login('DEMO', 'admin', 'Admin@1234');
    for (const payload of [
      { mutations: [] },
      { mutations: [{ id: 'x', resource: 'Faq', op: 'create', payload: {} }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/Sync/Push',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().status).toBe(STATUS.validation);
    }
  });

  it('applies a batch of 100 creates', async () => {
    const ms = Array.from({ length: 100 }, () => mutation('Faq', 'create', faqInput({ question: 'Bulk' })));
    const started = performance.now();
    const out = await results(...ms);
    const ms100 = performance.now() - started;
    expect(out.every((r) => r.httpStatus === 200)).toBe(true);
    expect(ms100).toBeLessThan(10_000);
  });
});
