import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { companies, deliveryJobs, notifications, records, users } from '../../server/db/schema.ts';
import { bearer, makeClock } from './helpers.ts';

const DAY = 86_400_000;
const clock = makeClock(new Date('2030-05-01T02:00:00Z'));
let dataDir = '';
let app: App | undefined;

/** The app on a PGlite folder on disk, so a close and a new start is a real restart. */
async function start() {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0' }),
    distDir: join(dataDir, 'none'),
  };
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  const a = await buildApp({ config, now: clock.now, database, seed: true });
  await a.ready();
  return a;
}

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('reminders', () => {
  // The restart is of the embedded database's folder (on PostgreSQL the queue's state is the same table).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'reminds each user once of a course ending in N days, also after a restart',
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'lac-remind-'));
      app = await start();
      const [demo] = await app.db.select().from(companies).where(eq(companies.code, 'DEMO'));
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/Login/Login',
        payload: { companyCode: 'DEMO', username: 'admin', password: 'Admin@1234' },
      });
      const token = login.json().data.token;
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/Notification/UpdateReminderSettings',
        headers: bearer(token),
        payload: { daysBeforeEnd: 3, daysBeforeExpiry: 0, daysBeforeEvent: 0 },
      });
      expect(saved.statusCode).toBe(200);
      const courseId = uuidv7();
      const name = `Forklift ${courseId.slice(-6)}`;
      await app.db.insert(records).values({
        id: courseId,
        companyId: demo.id,
        resource: 'Course',
        data: {
          name,
          startAt: '2030-04-01T00:00:00Z',
          endAt: new Date(clock.now().getTime() + 10 * DAY).toISOString(),
          expiresAt: null,
          allUsers: true,
          departmentIds: [],
          channels: ['inbox'],
        },
      });
      const active = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, demo.id), eq(users.active, true)));
      const mine = like(deliveryJobs.key, `reminder:end:${courseId}:%`);

      await app.notify.reminders();
      expect(await app.db.select().from(deliveryJobs).where(mine)).toHaveLength(0);

      clock.advance(8 * DAY); // two days before the end
      await app.notify.reminders();
      await app.notify.reminders();
      await app.notify.drain();
      expect(await app.db.select().from(deliveryJobs).where(mine)).toHaveLength(active.length);

      await app.close();
      app = await start();
      clock.advance(DAY / 2);
      await app.notify.reminders();
      await app.notify.drain();
      const jobs = await app.db.select().from(deliveryJobs).where(mine);
      expect(jobs).toHaveLength(active.length);
      expect(jobs.every((j) => j.state === 'sent')).toBe(true);
      const rows = await app.db
        .select()
        .from(notifications)
        .where(like(notifications.title, `%${name}%`));
      expect(rows).toHaveLength(active.length);
      expect(new Set(rows.map((r) => r.userId)).size).toBe(active.length);
    },
    120_000,
  );
});
