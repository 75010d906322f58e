import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, HOUR, makeClock, makeTestApp, type TestApp } from './helpers.ts';

const WRONG = 'Sorry, your account or password is incorrect. Please try again.';
const clock = makeClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
});
afterAll(() => t?.close());

describe('Login/Login', () => {
  it('answers the session data of the demo admin', async () => {
    const res = await t.loginResponse('demo', 'ADMIN', 'Admin@1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({
      companyCode: 'DEMO',
      companyName: 'Demo Manufacturing Co., Ltd.',
      fullName: 'Somchai Jaidee',
      userType: 'admin',
      language: 'en',
      profilePicture: null,
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.permissions.areas.userManagement.update).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it.each([
    ['wrong password', 'DEMO', 'admin', 'nope'],
    ['unknown user', 'DEMO', 'nobody', 'Admin@1234'],
    ['unknown company', 'NOPE', 'admin', 'Admin@1234'],
    ['inactive user with the right password', 'DEMO', 'malee', 'Demo@1234'],
  ])('refuses a %s with the one generic message', async (_case, company, user, password) => {
    const res = await t.loginResponse(company, user, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: STATUS.invalidCredentials, message: WRONG, data: null });
  });

  it('expires a session after 12 hours, and after 30 days with remember-me', async () => {
    const short = (await t.loginResponse('DEMO', 'kanya', 'Demo@1234')).json().data;
    const long = (await t.loginResponse('DEMO', 'kanya', 'Demo@1234', true)).json().data;
    const start = clock.now().getTime();
    expect(Date.parse(short.expiresAt) - start).toBe(12 * HOUR);
    expect(Date.parse(long.expiresAt) - start).toBe(30 * 24 * HOUR);

    clock.advance(12 * HOUR + 1000);
    const expired = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(short.token) });
    expect(expired.statusCode).toBe(401);
    const alive = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(long.token) });
    expect(alive.statusCode).toBe(200);
  });
});

describe('bearer sessions', () => {
  it('requires a token on every non-public call', async () => {
    for (const token of [undefined, 'not-a-token', 'x'.repeat(43)]) {
      const res = await t.app.inject({
        url: '/api/v1/Login/Session',
        headers: token ? bearer(token) : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(STATUS.unauthorized);
    }
  });

  it('refreshes the session data with the same token', async () => {
    const token = await t.login('ACME', 'admin', 'Admin@1234');
    const res = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ token, companyCode: 'ACME', companyName: 'Acme Industries' });
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('DEMO', 'admin', 'Admin@1234');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/Login/Logout', headers: bearer(token) });
    expect(out.json()).toMatchObject({ status: 0 });
    const after = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});
