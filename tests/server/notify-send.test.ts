import { globalAgent } from 'node:https';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveryJobs,
  departments,
  notifications,
  pushSubscriptions,
  users,
} from '../../server/db/schema.ts';
import { bearer, HOUR, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import {
  decodeHeader,
  decryptPush,
  parseMail,
  startLine,
  startPushService,
  startSmtp,
  subscriptionKeys,
} from './notify-servers.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let line: Awaited<ReturnType<typeof startLine>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let admin: string;
let acmeAdmin: string;
const clock = makeClock();

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
const userId = async (username: string, companyOf = 'admin') => {
  const [me] = await t.app.db.select().from(users).where(eq(users.username, companyOf));
  const [u] = await t.app.db
    .select()
    .from(users)
    .where(and(eq(users.username, username), eq(users.companyId, me.companyId)));
  return u;
};
const jobsOf = (sendId: string) =>
  t.app.db.select().from(deliveryJobs).where(eq(deliveryJobs.sendId, sendId));

beforeAll(async () => {
  [smtp, line, pushService] = await Promise.all([startSmtp(), startLine(), startPushService()]);
  globalAgent.options.ca = pushService.cert;
  t = await makeTestApp({ now: clock.now, env: { SMTP_URL: smtp.url, LINE_API_BASE: line.base } });
  admin = await t.login('DEMO', 'admin', 'Admin@1234');
  acmeAdmin = await t.login('ACME', 'admin', 'Admin@1234');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), line?.close(), pushService?.close()]);
});

describe('sending a notification', () => {
  it('sends to a group on the inbox once per member, with counts, and logs "notification sent"', async () => {
    const [production] = await t.app.db.select().from(departments).where(eq(departments.name, 'Production'));
    const res = await post(admin, '/v1/Notification/Send', {
      title: 'Safety day',
      body: 'Bring your helmet.',
      audience: 'departments',
      departmentIds: [production.id],
      channels: ['inbox'],
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    // The send answers at once and starts a drain; waiting for the queue's own run:
    await t.app.notify.drain();
    const queued = await jobsOf(id);
    expect(queued.length).toBeGreaterThan(1);
    const nattapong = await userId('nattapong');
    const rows = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, nattapong.id), eq(notifications.title, 'Safety day')));
    expect(rows).toHaveLength(1);
    const history = (await post(admin, '/v1/Notification/SendHistory', {})).json().data;
    expect(history.items[0]).toMatchObject({
      id,
      counts: { inbox: { queued: 0, sent: queued.length, failed: 0 } },
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(entry).toMatchObject({ action: 'notificationSent', label: 'Safety day' });
  });

  it('refuses another company’s users and groups, a missing title and no channel', async () => {
    const foreign = await userId('admin', 'admin');
    const acmeUser = (await post(acmeAdmin, '/v1/Notification/Audience')).json().data.users[0];
    const cross = await post(admin, '/v1/Notification/Send', {
      title: 'x',
      audience: 'users',
      userIds: [acmeUser.id],
      channels: ['inbox'],
    });
    expect(cross.statusCode).toBe(422);
    const bad = await post(admin, '/v1/Notification/Send', {
      title: ' ',
      audience: 'users',
      userIds: [foreign.id],
      channels: [],
    });
    expect(bad.statusCode).toBe(422);
    const trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
    const denied = await post(trainer, '/v1/Notification/Send', {
      title: 'x',
      audience: 'everyone',
      channels: ['inbox'],
    });
    expect(denied.statusCode).toBe(403);
  });

  it('e-mails in the user’s language with the company’s sender name and reply-to over SMTP', async () => {
    const saved = await post(admin, '/v1/Notification/UpdateEmailSettings', {
      senderName: 'Demo Academy',
      replyTo: 'training@demo.example',
    });
    expect(saved.statusCode).toBe(200);
    const nattapong = await userId('nattapong'); // language th
    const res = await post(admin, '/v1/Notification/Send', {
      title: 'วันความปลอดภัย',
      body: 'กรุณานำหมวกนิรภัยมาด้วย',
      link: 'https://example.com/safety',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['email'],
    });
    expect(res.statusCode).toBe(200);
    await t.app.notify.drain();
    const mail = smtp.messages.find((m) => m.to.includes(nattapong.email));
    expect(mail).toBeDefined();
    const { header, text } = parseMail(mail!.raw);
    expect(decodeHeader(header('From'))).toContain('Demo Academy');
    expect(header('Reply-To')).toContain('training@demo.example');
    expect(decodeHeader(header('Subject'))).toContain('วันความปลอดภัย');
    expect(text).toContain('กรุณานำหมวกนิรภัยมาด้วย');
    expect(text).toContain('ข้อความจาก');
    expect(text).toContain('https://example.com/safety');
    const [job] = await jobsOf(res.json().data.id);
    expect(job.state).toBe('sent');
  });

  it('sends a test e-mail from /setting/emailpage', async () => {
    const res = await post(admin, '/v1/Notification/SendTestEmail', { to: 'check@demo.example' });
    expect(res.statusCode).toBe(200);
    expect(smtp.messages.some((m) => m.to.includes('check@demo.example'))).toBe(true);
  });

  it('pushes an encrypted Web Push that decrypts with the subscription keys, and drops a gone subscription', async () => {
    const key = (await post(admin, '/v1/Notification/GetPushKey')).json().data.publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const sub = subscriptionKeys();
    const learner = await t.login('DEMO', 'nattapong', 'Demo@1234');
    expect(
      (
        await post(learner, '/v1/Notification/SubscribePush', {
          endpoint: `${pushService.base}/ok/1`,
          keys: sub.keys,
        })
      ).statusCode,
    ).toBe(200);
    const nattapong = await userId('nattapong');
    const send = await post(admin, '/v1/Notification/Send', {
      title: 'Push hello',
      body: 'สวัสดี',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['push'],
    });
    await t.app.notify.drain();
    const req = pushService.requests.find((r) => r.path === '/ok/1');
    expect(req?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(req?.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    const payload = JSON.parse(decryptPush(req!.body, sub));
    expect(payload).toMatchObject({ title: 'Push hello', body: 'สวัสดี' });
    expect((await jobsOf(send.json().data.id))[0].state).toBe('sent');

    // An expired subscription (410) is removed and the delivery fails with that reason.
    await t.app.db.delete(pushSubscriptions);
    await post(learner, '/v1/Notification/SubscribePush', {
      endpoint: `${pushService.base}/gone/2`,
      keys: sub.keys,
    });
    const gone = await post(admin, '/v1/Notification/Send', {
      title: 'Gone',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['push'],
    });
    await t.app.notify.drain();
    expect(await t.app.db.select().from(pushSubscriptions)).toHaveLength(0);
    const [failed] = await jobsOf(gone.json().data.id);
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'The push subscription expired and was removed.',
    });
  });

  it('pushes to LINE with the stored token: a 500 is retried, a 400 is not', async () => {
    await post(admin, '/v1/Notification/UpdateEmailSettings', {
      senderName: 'Demo Academy',
      replyTo: '',
      lineToken: 'line-secret-token',
    });
    const settings = (await post(admin, '/v1/Notification/GetEmailSettings')).json().data;
    expect(settings).toEqual({ senderName: 'Demo Academy', replyTo: '', lineTokenSet: true });
    const nattapong = await userId('nattapong');
    await t.app.db.update(users).set({ lineId: 'U1234567890' }).where(eq(users.id, nattapong.id));

    line.answers.push(500);
    const send = await post(admin, '/v1/Notification/Send', {
      title: 'LINE hello',
      body: 'ทดสอบ',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['line'],
    });
    await t.app.notify.drain();
    let [job] = await jobsOf(send.json().data.id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.error).toContain('500');
    clock.advance(HOUR);
    await t.app.notify.drain();
    [job] = await jobsOf(send.json().data.id);
    expect(job).toMatchObject({ state: 'sent', attempts: 2 });
    const calls = line.calls.filter((c) => c.body.messages[0].text.startsWith('LINE hello'));
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ auth: 'Bearer line-secret-token', body: { to: 'U1234567890' } });
    expect(calls[0].body.messages[0].text).toContain('ทดสอบ');
    expect(calls[1].retryKey).toBe(calls[0].retryKey);

    line.answers.push(400);
    const bad = await post(admin, '/v1/Notification/Send', {
      title: 'LINE bad',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['line'],
    });
    await t.app.notify.drain();
    clock.advance(HOUR);
    await t.app.notify.drain();
    const [refused] = await jobsOf(bad.json().data.id);
    expect(refused).toMatchObject({ state: 'failed', attempts: 1 });
    expect(line.calls.filter((c) => c.body.messages[0].text.startsWith('LINE bad'))).toHaveLength(1);
    const history = (await post(admin, '/v1/Notification/SendHistory', {})).json().data;
    const item = history.items.find((i: { id: string }) => i.id === bad.json().data.id);
    expect(item.failures[0]).toMatchObject({ channel: 'line', count: 1 });
    expect(item.failures[0].reason).toContain('400');
  });

  it('stores the LINE token encrypted at rest', async () => {
    const rows = await t.app.db.execute<{ line_token_enc: string }>(
      (await import('drizzle-orm')).sql`select line_token_enc from notification_settings`,
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('line-secret-token');
    expect(stored).toContain('v1.');
  });

  it('sends a scheduled notification when its time comes, not before', async () => {
    const nattapong = await userId('nattapong');
    const at = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const res = await post(admin, '/v1/Notification/Send', {
      title: 'Later',
      audience: 'users',
      userIds: [nattapong.id],
      channels: ['inbox'],
      sendAt: at,
    });
    await t.app.notify.drain();
    expect(await jobsOf(res.json().data.id)).toHaveLength(0);
    clock.advance(3 * HOUR);
    await t.app.notify.drain();
    const jobs = await jobsOf(res.json().data.id);
    expect(jobs.map((j) => j.state)).toEqual(['sent']);
  });

  it('keeps each company’s settings and history to itself', async () => {
    const acmeSettings = (await post(acmeAdmin, '/v1/Notification/GetEmailSettings')).json().data;
    expect(acmeSettings).toEqual({ senderName: '', replyTo: '', lineTokenSet: false });
    const acmeHistory = (await post(acmeAdmin, '/v1/Notification/SendHistory', {})).json().data;
    expect(acmeHistory.total).toBe(0);
    const demoHistory = (await post(admin, '/v1/Notification/SendHistory', {})).json().data;
    expect(demoHistory.total).toBeGreaterThan(0);
  });
});
