import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companies, notifications, users } from '../../server/db/schema.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('demo data', () => {
  it('fills an empty database once: two companies, six users each, notifications for the admins', async () => {
    t = await makeTestApp();
    expect(t.app.seeded).toBe(true);
    const rows = await t.app.db
      .select({ code: companies.code, users: count(users.id) })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .groupBy(companies.code)
      .orderBy(companies.code);
    expect(rows).toEqual([
      { code: 'ACME', users: 6 },
      { code: 'DEMO', users: 6 },
    ]);
    const [{ n }] = await t.app.db.select({ n: count() }).from(notifications);
    expect(n).toBeGreaterThanOrEqual(12);
    expect(await seedDemoData(t.app.db, new Date())).toBe(false);
  });

  it('never seeds in production', async () => {
    t = await makeTestApp({ production: true });
    expect(t.app.seeded).toBe(false);
    const [{ n }] = await t.app.db.select({ n: count() }).from(users);
    expect(n).toBe(0);
  });
});
