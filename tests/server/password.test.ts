import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, MINUTE, makeClock, makeTestApp, type TestApp } from './helpers.ts';

const clock = makeClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

async function mails() {
  await t.app.mailer.flush();
  const names = (await readdir(t.config.mailDir).catch(() => [])).sort();
  return Promise.all(names.map((n) => readFile(join(t.config.mailDir, n), 'utf8')));
}

/** The reset token of the newest e-mail (quoted-printable may wrap the link). */
async function lastResetToken() {
  const all = await mails();
  const text = all
    .at(-1)!
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return /\/login\?reset=([A-Za-z0-9_-]+)/.exec(text)![1];
}

describe('ChangePassword', () => {
  it('verifies the current password on the server', async () => {
    const s = (await t.loginResponse('DEMO', 'kanya', 'Demo@1234')).json().data;
    const wrong = await post(
      '/api/v2/Login/ChangePassword',
      { userId: s.userID, currentPassword: 'guess', newPassword: 'New@12345' },
      s.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      status: STATUS.wrongPassword,
      message: 'Your current password is incorrect.',
    });
    expect((await t.loginResponse('DEMO', 'kanya', 'Demo@1234')).statusCode).toBe(200);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const s = (await t.loginResponse('DEMO', 'john', 'Demo@1234')).json().data;
    const other = await t.login('DEMO', 'john', 'Demo@1234');
    const res = await post(
      '/api/v2/Login/ChangePassword',
      { userId: s.userID, currentPassword: 'Demo@1234', newPassword: 'Changed@1' },
      s.token,
    );
    expect(res.json()).toEqual({ status: 0, message: 'Password is successfully changed', data: null });
    expect((await t.loginResponse('DEMO', 'john', 'Demo@1234')).statusCode).toBe(401);
    expect((await t.loginResponse('DEMO', 'john', 'Changed@1')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(s.token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(other) })).statusCode).toBe(
      401,
    );
  });
});

describe('guessing the current password with a stolen session', () => {
  it('answers five wrong guesses in 15 minutes, then 429 with Retry-After and the session ended', async () => {
    const s = (await t.loginResponse('DEMO', 'nattapong', 'Demo@1234')).json().data;
    const other = await t.login('DEMO', 'nattapong', 'Demo@1234');
    const guess = (currentPassword: string, token = s.token) =>
      post(
        '/api/v2/Login/ChangePassword',
        { userId: s.userID, currentPassword, newPassword: 'New@12345' },
        token,
      );
    for (let i = 1; i <= 5; i++) expect((await guess(`guess-${i}`)).statusCode).toBe(400);
    // The sixth is refused unchecked, even with the right password, and ends this session.
    const sixth = await guess('Demo@1234');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().status).toBe(STATUS.rateLimited);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(s.token) })).statusCode).toBe(
      401,
    );
    // Another session of the same user is held to the same count until the window ends.
    expect((await guess('guess-7', other)).statusCode).toBe(429);
    clock.advance(16 * MINUTE);
    expect((await t.loginResponse('DEMO', 'nattapong', 'Demo@1234')).statusCode).toBe(200);
    const fresh = await t.login('DEMO', 'nattapong', 'Demo@1234');
    expect((await guess('guess-8', fresh)).statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const before = (await mails()).length;
    const ghost = await post('/api/v1/Login/ForgotPassword', { companyCode: 'DEMO', username: 'ghost' });
    const inactive = await post('/api/v1/Login/ForgotPassword', { companyCode: 'DEMO', username: 'malee' });
    expect((await mails()).length).toBe(before);
    const real = await post('/api/v1/Login/ForgotPassword', { companyCode: 'demo', username: 'trainer' });
    expect(real.statusCode).toBe(200);
    expect(ghost.json()).toEqual(real.json());
    expect(inactive.json()).toEqual(real.json());
    const sent = await mails();
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)).toContain('To: trainer@demo.example');
    expect(sent.at(-1)).toContain('http://console.test/login?reset=');
  });

  it('resets once with the mailed link, ends sessions, and refuses the link again', async () => {
    const session = await t.login('DEMO', 'trainer', 'Trainer@1234');
    await post('/api/v1/Login/ForgotPassword', { companyCode: 'DEMO', username: 'trainer' });
    const token = await lastResetToken();
    const ok = await post('/api/v1/Login/ResetPassword', { token, newPassword: 'Reset@2030' });
    expect(ok.json()).toMatchObject({ status: 0 });
    expect((await t.loginResponse('DEMO', 'trainer', 'Reset@2030')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(session) })).statusCode).toBe(
      401,
    );

    const again = await post('/api/v1/Login/ResetPassword', { token, newPassword: 'Again@2030' });
    expect(again.statusCode).toBe(400);
    expect(again.json().status).toBe(STATUS.invalidResetToken);
    expect((await t.loginResponse('DEMO', 'trainer', 'Again@2030')).statusCode).toBe(401);
  });

  it('refuses a link older than 30 minutes and an unknown one', async () => {
    await post('/api/v1/Login/ForgotPassword', { companyCode: 'ACME', username: 'admin' });
    const token = await lastResetToken();
    clock.advance(30 * MINUTE + 1000);
    const late = await post('/api/v1/Login/ResetPassword', { token, newPassword: 'Late@2030' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'This password reset link is invalid, was already used or has expired. Please ask for a new one.',
    );
    const unknown = await post('/api/v1/Login/ResetPassword', {
      token: 'x'.repeat(43),
      newPassword: 'Late@2030',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.loginResponse('ACME', 'admin', 'Admin@1234')).statusCode).toBe(200);
  });

  it('rate-limits requests from one client with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await post('/api/v1/Login/ForgotPassword', { companyCode: 'ACME', username: 'nobody' })).statusCode,
      );
    }
    expect(codes).toContain(429);
    const limited = await post('/api/v1/Login/ForgotPassword', { companyCode: 'ACME', username: 'nobody' });
    expect(limited.json().status).toBe(STATUS.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
