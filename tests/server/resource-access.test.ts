import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { roles, users } from '../../server/db/schema.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let trainer: ReturnType<typeof resourceClient>;
const record = faqInput({ question: 'DEMO only' });

beforeAll(async () => {
  t = await makeTestApp();
  demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  // A test role: community (Faq) read-only, banner not at all, everything else full.
  const [trainerUser] = await t.app.db.select().from(users).where(eq(users.username, 'trainer'));
  const permissions = permissionsWith((a) =>
    a === 'community'
      ? { ...NO_ACCESS, flag: true, view: true, read: true }
      : a === 'banner'
        ? NO_ACCESS
        : FULL_ACCESS,
  );
  const [role] = await t.app.db
    .insert(roles)
    .values({ companyId: trainerUser.companyId, name: 'Faq reader', permissions })
    .returning();
  await t.app.db.update(users).set({ roleId: role.id }).where(eq(users.id, trainerUser.id));
  trainer = resourceClient(t, await t.login('DEMO', 'trainer', 'Trainer@1234'));
  await demo.call('Faq', 'Create', record);
});
afterAll(() => t?.close());

describe('company boundary of the generic routes', () => {
  it('answers 404 to an ACME token naming a DEMO record, and changes nothing', async () => {
    const { id } = record;
    const acmeFaqs = async () => (await acme.call('Faq', 'List', { per_page: 500 })).json().data;
    const before = await acmeFaqs();
    for (const [action, body] of [
      ['Get', { id }],
      ['Update', { ...record, question: 'Hijacked', rev: 1 }],
      ['Delete', { id }],
    ] as const) {
      const res = await acme.call('Faq', action, body);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().data, action).toBeNull();
    }
    const pushed = await acme.push([mutation('Faq', 'update', { ...record, question: 'Hijacked', rev: 1 })]);
    expect(pushed.json().data.results[0].httpStatus).toBe(404);
    const after = await acmeFaqs();
    expect(after.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect(after).toEqual(before);
    const own = await demo.call('Faq', 'Get', { id });
    expect(own.json().data).toMatchObject({ rev: 1, question: 'DEMO only' });
  });

  it('refuses an ACME create reusing a DEMO id without revealing the record', async () => {
    const res = await acme.call('Faq', 'Create', { ...record, question: 'Copy' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toBeNull();
  });
});

describe('permissions of the generic routes', () => {
  it('lets a read-only role list and get but refuses create, update and delete with 403', async () => {
    expect((await trainer.call('Faq', 'List', {})).statusCode).toBe(200);
    expect((await trainer.call('Faq', 'Get', { id: record.id })).statusCode).toBe(200);
    for (const [action, body] of [
      ['Create', faqInput()],
      ['Update', { ...record, rev: 1 }],
      ['Delete', { id: record.id }],
    ] as const) {
      const res = await trainer.call('Faq', action, body);
      expect(res.statusCode, action).toBe(403);
      expect(res.json().status).toBe(STATUS.forbidden);
      expect(res.json().message).toContain('Your role does not allow this');
    }
    expect((await trainer.call('Banner', 'List', {})).statusCode).toBe(403);
  });

  it('refuses per mutation in Push (403) and leaves unreadable resources out of Pull', async () => {
    const res = await trainer.push([
      mutation('Faq', 'create', faqInput()),
      mutation('Feedback', 'create', {
        id: crypto.randomUUID(),
        subject: 'Allowed',
        message: 'Feedback is fully granted',
      }),
    ]);
    expect(res.json().data.results.map((r: { httpStatus: number }) => r.httpStatus)).toEqual([403, 200]);
    const pulled = await trainer.pull({});
    expect(Object.keys(pulled.json().data.changes)).not.toContain('Banner');
    expect(Object.keys(pulled.json().data.changes)).toContain('Faq');
  });
});
