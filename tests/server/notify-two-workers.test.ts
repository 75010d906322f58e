// Two API processes draining one queue: on PostgreSQL (DATABASE_URL) the second worker has its
// own connection pool, as another process would; on PGlite both share the one connection. Each
// job must run exactly once: LINE sees one request per job, the inbox one row per job.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { deliveryJobs, notifications, users } from '../../server/db/schema.ts';
import { enqueue } from '../../server/services/delivery-queue.ts';
import { drainQueue, type WorkerDeps } from '../../server/services/delivery-worker.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { startLine } from './notify-servers.ts';

let t: TestApp;
let line: Awaited<ReturnType<typeof startLine>>;
let second: Database | undefined;
const clock = makeClock();

beforeAll(async () => {
  line = await startLine();
  t = await makeTestApp({ now: clock.now, env: { LINE_API_BASE: line.base } });
  if (t.databaseUrl)
    second = await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: '', migrate: false });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await line?.close();
});

describe('several workers on one queue', () => {
  it('runs each job once when two workers drain at the same time', async () => {
    const admin = await t.login('DEMO', 'admin', 'Admin@1234');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/Notification/UpdateEmailSettings',
      headers: bearer(admin),
      payload: { senderName: '', replyTo: '', lineToken: 'two-workers-token' },
    });
    const [me] = await t.app.db.select().from(users).where(eq(users.username, 'nattapong'));
    await t.app.db.update(users).set({ lineId: 'U-two-workers' }).where(eq(users.id, me.id));
    const N = 200;
    const jobs = Array.from({ length: N }, (_, i) => ({
      companyId: me.companyId,
      userId: me.id,
      title: `tw:${i}`,
      body: '',
      link: null,
    }));
    await enqueue(
      t.app.db,
      jobs.flatMap((j, i) => [
        { ...j, key: `tw:${i}:line`, channel: 'line' as const },
        { ...j, key: `tw:${i}:inbox`, channel: 'inbox' as const },
      ]),
      clock.now(),
    );
    const deps = (db: Database['db']): WorkerDeps => ({
      db,
      now: clock.now,
      mailer: t.app.mailer,
      box: t.app.notify.box,
      vapid: t.app.notify.vapid,
      lineApiBase: line.base,
      log: t.app.log,
    });
    const [a, b] = await Promise.all([drainQueue(deps(t.app.db)), drainQueue(deps(second?.db ?? t.app.db))]);
    // Besides the demo data's own jobs (the push of answered questions).
    expect(a + b).toBeGreaterThanOrEqual(2 * N);
    const calls = line.calls.filter((c) => c.body.messages[0].text.startsWith('tw:'));
    expect(calls).toHaveLength(N);
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(N);
    const rows = await t.app.db.select().from(notifications).where(like(notifications.title, 'tw:%'));
    expect(rows).toHaveLength(N);
    const states = await t.app.db
      .select({ state: deliveryJobs.state })
      .from(deliveryJobs)
      .where(like(deliveryJobs.key, 'tw:%'));
    expect(states.every((s) => s.state === 'sent')).toBe(true);
  });
});
