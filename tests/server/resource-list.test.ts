import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;

const feedback = (subject: string, category: string, status: string, senderName = '') => ({
  id: crypto.randomUUID(),
  subject,
  message: `About ${subject}`,
  category,
  status,
  senderName,
});
const ROWS = [
  feedback('Canteen menu', 'suggestion', 'new', 'Kanya'),
  feedback('broken projector', 'problem', 'inProgress'),
  feedback('Parking 100%_full', 'problem', 'new', 'John'),
  feedback('Great trainer', 'compliment', 'resolved'),
  feedback('Add more PROJECTOR rooms', 'suggestion', 'new'),
];

beforeAll(async () => {
  t = await makeTestApp();
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  // From an empty list: the demo feedback goes first (deleted, so also a tombstone each).
  const seeded = (await api.call('Feedback', 'List', { per_page: 500 })).json().data.items;
  await api.push(
    seeded.map(({ id, rev }: { id: string; rev: number }) => mutation('Feedback', 'delete', { id, rev })),
  );
  await api.push(ROWS.map((r) => mutation('Feedback', 'create', r)));
  const gone = feedback('Deleted projector note', 'problem', 'new');
  await api.push([
    mutation('Feedback', 'create', gone),
    mutation('Feedback', 'delete', { id: gone.id, rev: 1 }),
  ]);
});
afterAll(() => t?.close());

type Page = { items: { subject: string }[]; total: number; page: number; per_page: number };
const list = async (body: object) => {
  const res = await api.call('Feedback', 'List', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
};
const subjects = (p: Page) => p.items.map((i) => i.subject);

describe('generic List', () => {
  it('sorts by the default sort, case-insensitively, and excludes tombstones', async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 5, page: 1, per_page: 50 });
    expect(subjects(page)).toEqual([
      'Add more PROJECTOR rooms',
      'broken projector',
      'Canteen menu',
      'Great trainer',
      'Parking 100%_full',
    ]);
  });

  it('searches the searchable fields case-insensitively, taking % and _ literally', async () => {
    expect(subjects(await list({ search: 'projector' })).sort()).toEqual([
      'Add more PROJECTOR rooms',
      'broken projector',
    ]);
    expect(subjects(await list({ search: 'john' }))).toEqual(['Parking 100%_full']);
    expect(subjects(await list({ search: '100%_' }))).toEqual(['Parking 100%_full']);
    expect((await list({ search: '%' })).total).toBe(1);
  });

  it('pages with total, page and per_page', async () => {
    const p2 = await list({ page: 2, per_page: 2 });
    expect(p2).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(subjects(p2)).toEqual(['Canteen menu', 'Great trainer']);
    const past = await list({ page: 9, per_page: 2 });
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  it('sorts by a sortable field in either direction', async () => {
    const desc = await list({ sort: { field: 'status', dir: 'desc' }, per_page: 1 });
    expect(subjects(desc)).toEqual(['Great trainer']);
  });

  it("filters on the definition's fields, combined with search", async () => {
    expect((await list({ filters: { category: 'problem' } })).total).toBe(2);
    expect(subjects(await list({ filters: { category: 'problem', status: 'new' } }))).toEqual([
      'Parking 100%_full',
    ]);
    expect(subjects(await list({ search: 'projector', filters: { status: 'new' } }))).toEqual([
      'Add more PROJECTOR rooms',
    ]);
  });

  it('refuses sorting by a field that is not sortable and filtering on an unknown field (422)', async () => {
    const bySender = await api.call('Feedback', 'List', { sort: { field: 'senderName', dir: 'asc' } });
    expect(bySender.statusCode).toBe(422);
    expect(bySender.json().message).toContain('Sort by one of: subject, category, status');
    const byCompany = await api.call('Feedback', 'List', { filters: { company_id: 'x' } });
    expect(byCompany.statusCode).toBe(422);
    expect(byCompany.json().data.fields[0].path).toBe('filters.company_id');
  });
});
