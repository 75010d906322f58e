import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMED, EMAIL_LINK_INVALID } from '#contract/profile.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';

// Issue 15: changing the e-mail address in the profile takes effect only once the link mailed to
// the new address is opened, and the old address is told.
const clock = makeClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
});
afterAll(() => t?.close());

async function mails() {
  await t.app.mailer.flush();
  const names = (await readdir(t.config.mailDir).catch(() => [])).sort();
  return Promise.all(names.map((n) => readFile(join(t.config.mailDir, n), 'utf8')));
}
const unfold = (m: string) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const tokenIn = (m: string) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(unfold(m))![1]!;

async function profileOf(token: string, userID: string) {
  const res = await t.app.inject({
    url: `/api/v1/User/GetUserProfileWeb?userID=${userID}`,
    headers: bearer(token),
  });
  return res.json().data;
}
async function update(token: string, profile: Record<string, unknown>, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/User/UpdateUserProfileWeb',
    headers: bearer(token),
    payload: { ...profile, pendingEmail: undefined, email },
  });
}
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/User/ConfirmEmail', payload: { token } });

describe('changing the e-mail address of the profile', () => {
  it('keeps the old address until the link to the new one is opened, and tells the old one', async () => {
    const s = (await t.loginResponse('DEMO', 'kanya', 'Demo@1234')).json().data;
    const before = await profileOf(s.token, s.userID);
    const sent = (await mails()).length;
    const res = await update(s.token, before, 'kanya.new@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: before.email, pendingEmail: 'kanya.new@example.com' });
    const mail = (await mails()).slice(sent);
    expect(mail).toHaveLength(2);
    const toNew = mail.find((m) => /^To: kanya\.new@example\.com/m.test(m))!;
    const toOld = mail.find((m) => new RegExp(`^To: ${before.email}`, 'm').test(m))!;
    expect(toNew).toBeTruthy();
    expect(unfold(toOld)).toMatch(/kanya\.new@example\.com/);
    expect(unfold(toOld)).not.toMatch(/confirm-email/);

    const ok = await confirm(tokenIn(toNew));
    expect(ok.json()).toEqual({ status: 0, message: EMAIL_CONFIRMED, data: null });
    expect(await profileOf(s.token, s.userID)).toMatchObject({
      email: 'kanya.new@example.com',
      pendingEmail: null,
    });
    // Once only.
    const again = await confirm(tokenIn(toNew));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(EMAIL_LINK_INVALID);
  });

  it('a newer request replaces the older link, and a link older than 24 hours does not work', async () => {
    const s = (await t.loginResponse('DEMO', 'john', 'Demo@1234')).json().data;
    const p = await profileOf(s.token, s.userID);
    const sent = (await mails()).length;
    await update(s.token, p, 'john.first@example.com');
    await update(s.token, p, 'john.second@example.com');
    const links = (await mails()).slice(sent).filter((m) => /confirm-email/.test(unfold(m)));
    expect(links).toHaveLength(2);
    const to = (address: string) => links.find((m) => m.includes(`To: ${address}`))!;
    expect((await confirm(tokenIn(to('john.first@example.com')))).statusCode).toBe(400);
    clock.advance(25 * 3_600_000);
    expect((await confirm(tokenIn(to('john.second@example.com')))).statusCode).toBe(400);
    const later = await t.login('DEMO', 'john', 'Demo@1234');
    expect(await profileOf(later, s.userID)).toMatchObject({ email: p.email, pendingEmail: null });
  });

  it('saving the profile with the same address (any case) sends nothing', async () => {
    const s = (await t.loginResponse('DEMO', 'nattapong', 'Demo@1234')).json().data;
    const p = await profileOf(s.token, s.userID);
    const sent = (await mails()).length;
    const res = await update(s.token, { ...p, firstName: 'Natta' }, p.email.toUpperCase());
    expect(res.json().data).toMatchObject({ firstName: 'Natta', email: p.email, pendingEmail: null });
    expect((await mails()).length).toBe(sent);
  });

  it('refuses an unknown token', async () => {
    const res = await confirm('x'.repeat(43));
    expect(res.statusCode).toBe(400);
  });
});
