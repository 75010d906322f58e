// Planner statistics after bulk writes (server/db/table-statistics.ts): rows written through the
// API are counted per table, and past what autovacuum waits for (50 rows and 10 % of the table)
// the server analyses the table itself, once the writes pause.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client.ts';
import { ANALYZE_QUIET_MS } from '../../server/db/table-statistics.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { faqInput, mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let demo: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

/** ANALYZE commands run on `records` (autovacuum's own are counted apart, in autoanalyze_count). */
const analyses = async () =>
  Number(
    (
      await rowsOf<{ n: string | number }>(
        t.app.db,
        sql`select coalesce(analyze_count, 0) as n from pg_stat_user_tables where relname = 'records'`,
      )
    )[0]?.n ?? 0,
  );
const estimatedRows = async () =>
  Math.max(
    0,
    Number(
      (
        await rowsOf<{ n: string | number }>(
          t.app.db,
          sql`select reltuples as n from pg_class where relname = 'records'`,
        )
      )[0]?.n ?? 0,
    ),
  );
const pushFaqs = async (n: number) => {
  for (let i = 0; i < n; i += 500) {
    const batch = Array.from({ length: Math.min(500, n - i) }, () => mutation('Faq', 'create', faqInput()));
    const res = await demo.push(batch);
    expect(res.statusCode, res.body).toBe(200);
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('planner statistics after bulk writes', () => {
  it('analyses records once the rows pushed pass 50 and a tenth of the table, not before', async () => {
    const before = await analyses();
    const size = await estimatedRows();
    await pushFaqs(10);
    // PostgreSQL reports its statistics counters up to a second late.
    await sleep(ANALYZE_QUIET_MS + 1200);
    expect(await analyses()).toBe(before);

    await pushFaqs(Math.ceil(50 + 0.1 * size));
    await expect.poll(analyses, { timeout: 10_000, interval: 200 }).toBeGreaterThan(before);
    // The planner now counts the rows written.
    expect(await estimatedRows()).toBeGreaterThanOrEqual(size + 50);
  });
});
