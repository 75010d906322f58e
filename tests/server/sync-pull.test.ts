import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '#contract/envelope.ts';
import { RESOURCE_NAMES } from '#contract/registry.ts';
import { PULL_NEXT_HEADER, pullResponse } from '#contract/sync.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

type Change = {
  rows: { id: string; rev: number; deletedAt: string | null }[];
  cursor: string;
  more: boolean;
};
const pull = async (cursors: Record<string, string>, limit?: number) => {
  const res = await api.pull(cursors, limit);
  expect(res.statusCode).toBe(200);
  return res.json().data.changes as Record<string, Change>;
};

describe('Sync/Pull', () => {
  it('pages every change in seq order with a cursor and `more`, then moves edits and tombstones to the end', async () => {
    const seeded = (await pull({ Faq: '' }, 500)).Faq;
    expect(seeded.more).toBe(false);
    const inputs = [faqInput(), faqInput(), faqInput()];
    await api.push(inputs.map((i) => mutation('Faq', 'create', i)));

    const page1 = (await pull({ Faq: seeded.cursor }, 2)).Faq;
    expect(page1.rows.map((r) => r.id)).toEqual([inputs[0].id, inputs[1].id]);
    expect(page1.more).toBe(true);
    const page2 = (await pull({ Faq: page1.cursor }, 2)).Faq;
    expect(page2.rows.map((r) => r.id)).toEqual([inputs[2].id]);
    expect(page2.more).toBe(false);
    expect(Number(page2.cursor)).toBeGreaterThan(Number(page1.cursor));

    await api.push([
      mutation('Faq', 'update', { ...inputs[0], answer: 'Edited.', rev: 1 }),
      mutation('Faq', 'delete', { id: inputs[1].id, rev: 1 }),
    ]);
    const after = (await pull({ Faq: page2.cursor })).Faq;
    expect(after.rows.map((r) => [r.id, r.rev, !!r.deletedAt])).toEqual([
      [inputs[0].id, 2, false],
      [inputs[1].id, 2, true],
    ]);
    const idle = (await pull({ Faq: after.cursor })).Faq;
    expect(idle).toEqual({ rows: [], cursor: after.cursor, more: false });
  });

  it('names the next page in a header when a resource has more, with the cursors of the body', async () => {
    await api.push([faqInput(), faqInput()].map((i) => mutation('Faq', 'create', i)));
    const first = await api.pull({ Faq: '', Event: '' }, 1);
    const { Faq, Event } = first.json().data.changes as Record<string, Change>;
    expect(Faq.more && Event.more).toBe(true);
    expect(JSON.parse(String(first.headers[PULL_NEXT_HEADER]))).toEqual({
      Faq: Faq.cursor,
      Event: Event.cursor,
    });
    const all = await api.pull({ Faq: '' }, 5000);
    expect(all.json().data.changes.Faq.more).toBe(false);
    expect(all.headers[PULL_NEXT_HEADER]).toBeUndefined();
  });

  it('answers only the resources asked for, or all readable ones when none is', async () => {
    expect(Object.keys(await pull({ Banner: '' }))).toEqual(['Banner']);
    // The demo admin reads every area: Pull answers every synced resource of the registry.
    expect(Object.keys(await pull({})).sort()).toEqual([...RESOURCE_NAMES].sort());
    expect(Object.keys(await pull({ NoSuchResource: '' }))).toEqual([]);
  });

  it('refuses a cursor that is not one it gave (422)', async () => {
    const res = await api.pull({ Faq: 'yesterday' });
    expect(res.statusCode).toBe(422);
  });

  it("never returns another company's rows", async () => {
    const acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
    const demoIds = (await pull({ Faq: '' }, 500)).Faq.rows.map((r) => r.id);
    expect(demoIds.length).toBeGreaterThan(0);
    const rows = (await acme.pull({ Faq: '' }, 500)).json().data.changes.Faq.rows as Change['rows'];
    const own = (await acme.call('Faq', 'List', { per_page: 500 })).json().data.items;
    expect(rows.map((r) => r.id).sort()).toEqual(own.map((r: { id: string }) => r.id).sort());
    expect(rows.filter((r) => demoIds.includes(r.id))).toEqual([]);
  });

  it('answers exactly what its response schema gives, written without zod (a 401 and a 422 still in the envelope)', async () => {
    await api.push([mutation('Faq', 'create', faqInput())]);
    const res = await api.pull({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(JSON.stringify(envelope(pullResponse).parse(body))).toBe(res.body);
    expect(body.data.changes.Faq.rows.length).toBeGreaterThan(0);
    const refused = await api.pull({ Faq: 'yesterday' });
    expect(refused.json()).toMatchObject({ status: 1001, message: expect.any(String) });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v6/Sync/Pull',
      payload: { cursors: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 1002, data: null });
  });
});
