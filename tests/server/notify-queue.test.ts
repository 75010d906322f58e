import { readdir } from 'node:fs/promises';
import { eq, like, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, notifications, records, users } from '../../server/db/schema.ts';
import { claim, enqueue, INTERRUPTED, LEASE_MS } from '../../server/services/delivery-queue.ts';
import { makeClock, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const clock = makeClock();
let who: { companyId: string; userId: string };

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  const [u] = await t.app.db.select().from(users).where(eq(users.username, 'nattapong'));
  who = { companyId: u.companyId, userId: u.id };
});
afterAll(() => t?.close());

const job = (key: string, channel: 'inbox' | 'email' | 'line' | 'push' = 'inbox') => ({
  ...who,
  key,
  channel,
  title: key,
  body: '',
  link: null,
});

describe('the delivery queue', () => {
  it('makes one job per key, however often it is asked', async () => {
    expect(await enqueue(t.app.db, [job('dup:1'), job('dup:1')], clock.now())).toBe(1);
    expect(await enqueue(t.app.db, [job('dup:1')], clock.now())).toBe(0);
    await t.app.notify.drain();
  });

  it('gives each job to one worker when two claim at once', async () => {
    await enqueue(
      t.app.db,
      Array.from({ length: 50 }, (_, i) => job(`pair:${i}`)),
      clock.now(),
    );
    const [a, b] = await Promise.all([claim(t.app.db, clock.now(), 30), claim(t.app.db, clock.now(), 30)]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    // Their worker "dies": after the lease the inbox jobs run again, each once.
    clock.advance(LEASE_MS + 1000);
    await t.app.notify.drain();
    const rows = await t.app.db.select().from(notifications).where(like(notifications.title, 'pair:%'));
    expect(rows).toHaveLength(50);
  });

  it('never sends an e-mail twice when its worker died mid-send: it fails with the reason', async () => {
    const key = `crash:${uuidv7()}`;
    await enqueue(t.app.db, [job(key, 'email'), job(`${key}:inbox`)], clock.now());
    const claimed = await claim(t.app.db, clock.now(), 10);
    expect(claimed.map((j) => j.state)).toEqual(['sending', 'sending']);
    clock.advance(LEASE_MS + 1000);
    await t.app.notify.drain();
    const [mail] = await t.app.db.select().from(deliveryJobs).where(eq(deliveryJobs.key, key));
    expect(mail).toMatchObject({ state: 'failed', error: INTERRUPTED });
    const files = await readdir(t.config.mailDir).catch(() => []);
    expect(files).toHaveLength(0);
    const [inbox] = await t.app.db
      .select()
      .from(deliveryJobs)
      .where(eq(deliveryJobs.key, `${key}:inbox`));
    expect(inbox).toMatchObject({ state: 'sent', attempts: 2 });
    const rows = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, `${key}:inbox`));
    expect(rows).toHaveLength(1);
  });

  it('fails a delivery that cannot succeed (no address) at once, without retrying', async () => {
    const key = `retry:${uuidv7()}`;
    await t.app.db.update(users).set({ email: '' }).where(eq(users.id, who.userId));
    await enqueue(t.app.db, [job(key, 'email')], clock.now());
    await t.app.notify.drain();
    const [noAddress] = await t.app.db.select().from(deliveryJobs).where(eq(deliveryJobs.key, key));
    // No address is permanent: failed at once, not retried.
    expect(noAddress).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'The user has no e-mail address.',
    });
  });

  it('reminds an event participant once per occurrence, on the inbox and push', async () => {
    const eventId = uuidv7();
    const start = new Date(clock.now().getTime() + 20 * 3_600_000);
    await t.app.db.insert(records).values([
      {
        id: eventId,
        companyId: who.companyId,
        resource: 'Event',
        data: {
          name: 'Fire drill',
          startAt: start.toISOString(),
          endAt: new Date(start.getTime() + 3_600_000).toISOString(),
          rrule: '',
          timeZone: 'UTC',
        },
      },
      {
        id: uuidv7(),
        companyId: who.companyId,
        resource: 'EventParticipant',
        data: { eventId, userId: who.userId, departmentId: null },
      },
    ]);
    await t.app.notify.reminders();
    await t.app.notify.reminders();
    const jobs = await t.app.db
      .select()
      .from(deliveryJobs)
      .where(like(deliveryJobs.key, `reminder:event:${eventId}%`));
    expect(jobs.map((j) => j.channel).sort()).toEqual(['inbox', 'push']);
    expect(jobs.every((j) => j.userId === who.userId && j.title.includes('Fire drill'))).toBe(true);
  });

  it('counts unread notifications from a partial index, not a scan of the table', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select count(*) from notifications where user_id = ${who.userId} and watch_flag = false`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('notifications_user_unread_idx');
    expect(text).not.toContain('Seq Scan');
  });
});
