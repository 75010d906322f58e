import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#contract/audit.ts';
import { pruneExpired } from '../../server/services/retention.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, resourceClient } from './resource-helpers.ts';

// Issue 15: who did what, when, from where: written with each change, readable by administrators,
// never changed through the API, pruned after its retention.
const clock = makeClock();
const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let api: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  admin = await t.login('DEMO', 'admin', 'Admin@1234');
  api = resourceClient(t, admin);
});
afterAll(() => t?.close());

async function log(token: string, body: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/AuditLog/List',
    headers: bearer(token),
    payload: { per_page: 200, ...body },
  });
  return res;
}
const entries = async (body: object = {}) => (await log(admin, body)).json().data.items as AuditEntry[];

describe('the activity log', () => {
  it('records a create, an update and a delete through the API with the fields changed', async () => {
    const faq = faqInput({ question: 'Where is the first-aid kit?' });
    expect((await api.call('Faq', 'Create', faq)).statusCode).toBe(200);
    expect(
      (await api.call('Faq', 'Update', { ...faq, answer: 'Beside the canteen door.', rev: 1 })).statusCode,
    ).toBe(200);
    expect((await api.call('Faq', 'Delete', { id: faq.id })).statusCode).toBe(200);
    const mine = (await entries({ resource: 'Faq' })).filter((e) => e.recordId === faq.id);
    expect(mine.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, created] = mine;
    expect(updated!.changes).toEqual([{ field: 'answer', from: faq.answer, to: 'Beside the canteen door.' }]);
    expect(created!.changes.map((c) => c.field)).toContain('question');
    expect(deleted!.label).toBe('Where is the first-aid kit?');
    for (const e of mine) {
      expect(e.actorName).toBe('Somchai Jaidee');
      expect(e.ip).toBeTruthy();
      expect(e.at).toBe(clock.now().toISOString());
    }
  });

  it('records changes pushed by the sync, and nothing for a refused one', async () => {
    const faq = faqInput({ question: 'Pushed question' });
    const res = await api.push([
      { id: uuidv7(), resource: 'Faq', op: 'create', payload: faq },
      { id: uuidv7(), resource: 'Faq', op: 'create', payload: { ...faqInput(), question: '' } },
    ]);
    expect(res.json().data.results.map((r: { httpStatus: number }) => r.httpStatus)).toEqual([200, 422]);
    const pushed = (await entries({ resource: 'Faq', search: 'Pushed question' })).filter(
      (e) => e.recordId === faq.id,
    );
    expect(pushed).toHaveLength(1);
    expect(await entries({ search: 'no such label at all' })).toEqual([]);
  });

  it('names the rows of an Excel import as imported', async () => {
    const faq = faqInput({ question: 'Imported question' });
    const res = await api.push([
      { id: uuidv7(), resource: 'Faq', op: 'create', payload: faq, origin: 'import' },
    ]);
    expect(res.json().data.results[0].httpStatus).toBe(200);
    const [entry] = (await entries({ action: 'import' })).filter((e) => e.recordId === faq.id);
    expect(entry).toMatchObject({ resource: 'Faq', label: 'Imported question' });
  });

  it('names permission changes and deactivations, and never logs a password', async () => {
    const roles = (await api.call('Role', 'List', { per_page: 50 })).json().data.items;
    const trainerRole = roles.find((r: { name: string }) => r.name === 'Trainer');
    const permissions = structuredClone(trainerRole.permissions);
    permissions.areas.banner.delete = !permissions.areas.banner.delete;
    const role = await api.call('Role', 'Update', { ...trainerRole, permissions });
    expect(role.statusCode, role.body).toBe(200);
    const [change] = await entries({ action: 'permissionChange' });
    expect(change).toMatchObject({ resource: 'Role', recordId: trainerRole.id, label: 'Trainer' });
    expect(change!.changes.map((c) => c.field)).toEqual(['permissions']);

    const users = (await api.call('User', 'List', { per_page: 100, search: 'malee' })).json().data.items;
    const malee = users[0];
    const on = await api.call('User', 'Update', { ...malee, active: true, password: 'Secret@9999' });
    expect(on.statusCode, on.body).toBe(200);
    const off = await api.call('User', 'Update', { ...on.json().data, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const [deactivated] = await entries({ action: 'deactivate' });
    expect(deactivated).toMatchObject({ resource: 'User', recordId: malee.id });
    const [reactivated] = await entries({ action: 'reactivate' });
    expect(reactivated!.recordId).toBe(malee.id);
    const everything = JSON.stringify(await entries({ resource: 'User' }));
    expect(everything).not.toContain('Secret@9999');
    expect(everything).not.toMatch(/password/i);
  });

  it('records sign-ins and failed sign-ins with the address, never the password tried', async () => {
    await t.loginResponse('DEMO', 'kanya', 'wrong-guess-123');
    await t.login('DEMO', 'kanya', 'Demo@1234');
    const [ok] = await entries({ action: 'signIn', search: 'kanya' });
    const [failed] = await entries({ action: 'signInFailed', search: 'kanya' });
    expect(ok).toMatchObject({ label: 'kanya', actorName: 'Kanya Boonmee' });
    expect(failed).toMatchObject({ label: 'kanya' });
    expect(failed!.ip).toBeTruthy();
    expect(JSON.stringify(failed)).not.toContain('wrong-guess-123');
  });

  it('is read by administrators of the company only, and no route changes it', async () => {
    const trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
    expect((await log(trainer)).statusCode).toBe(403);
    const acme = await t.login('ACME', 'admin', 'Admin@1234');
    const theirs = (await log(acme)).json().data.items as AuditEntry[];
    const ours = new Set((await entries()).map((e) => e.id));
    expect(theirs.some((e) => ours.has(e.id))).toBe(false);
    for (const action of ['Create', 'Update', 'Delete']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/AuditLog/${action}`,
        headers: bearer(admin),
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('keeps entries for the retention period, then prunes them', async () => {
    const first = await log(admin, { per_page: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json().data.total;
    expect(before).toBeGreaterThan(0);
    const pruned = await pruneExpired(t.app.db, new Date(clock.now().getTime() + 31 * DAY), 30);
    expect(pruned.auditLog).toBeGreaterThanOrEqual(before);
    // The prune also ended the old sessions; this sign-in is the only entry left.
    const again = await t.login('DEMO', 'admin', 'Admin@1234');
    const left = (await log(again)).json().data.items as AuditEntry[];
    expect(left.map((e) => e.action)).toEqual(['signIn']);
  });
});
