import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { IP_FAILURES } from '../../server/routes/login.ts';
import { MINUTE, makeClock, makeTestApp, type TestApp } from './helpers.ts';

const LOCKED =
  'Your account is locked for 60 minutes after 5 failed sign-in attempts. Please try again later.';
const clock = makeClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const fail = (user = 'admin', company = 'DEMO') => t.loginResponse(company, user, 'wrong-password');

describe('lockout after 5 failed sign-ins', () => {
  it('locks for 60 minutes, refuses even the right password, then lets the user in', async () => {
    for (let i = 1; i <= 4; i++) expect((await fail()).statusCode).toBe(401);
    const fifth = await fail();
    expect(fifth.statusCode).toBe(423);
    const lockedUntil = clock.now().getTime() + 60 * MINUTE;
    expect(fifth.json()).toEqual({
      status: STATUS.locked,
      message: LOCKED,
      data: { lockedUntil: new Date(lockedUntil).toISOString() },
    });

    const right = await t.loginResponse('DEMO', 'admin', 'Admin@1234');
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe(LOCKED);

    clock.advance(59 * MINUTE);
    expect((await t.loginResponse('DEMO', 'admin', 'Admin@1234')).statusCode).toBe(423);

    clock.advance(1 * MINUTE + 1000);
    expect((await t.loginResponse('DEMO', 'admin', 'Admin@1234')).statusCode).toBe(200);
  });

  it('locks one account only: the same username in another company still signs in', async () => {
    for (let i = 0; i < 5; i++) await fail('admin', 'DEMO');
    expect((await t.loginResponse('ACME', 'admin', 'Admin@1234')).statusCode).toBe(200);
    clock.advance(61 * MINUTE);
  });

  it('starts counting again after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await fail('trainer');
    expect((await t.loginResponse('DEMO', 'trainer', 'Trainer@1234')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail('trainer')).statusCode).toBe(401);
    expect((await t.loginResponse('DEMO', 'trainer', 'Trainer@1234')).statusCode).toBe(200);
  });

  it('locks a name that does not exist the same way, so locking reveals nothing', async () => {
    for (let i = 0; i < 4; i++) expect((await fail('ghost')).statusCode).toBe(401);
    expect((await fail('ghost')).statusCode).toBe(423);
  });

  it('cannot be raced: parallel guesses past the limit are refused without a check', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => fail('john')));
    const codes = answers.map((a) => a.statusCode);
    // At most 5 are checked (4 wrong, the fifth locks); the rest are refused unchecked.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 423 || c === 429).length).toBeGreaterThanOrEqual(8);
    expect((await t.loginResponse('DEMO', 'john', 'Demo@1234')).statusCode).toBe(423);
  });

  it('does not lock an account that signs in on many devices at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.loginResponse('DEMO', 'kanya', 'Demo@1234')),
    );
    const codes = answers.map((a) => a.statusCode);
    // Past the limit in flight they are asked to retry (429), never locked (423).
    expect(codes.filter((c) => c === 423)).toEqual([]);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect((await t.loginResponse('DEMO', 'kanya', 'Demo@1234')).statusCode).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  it('refuses an address after 50 failures across accounts, then lets it in after the window', async () => {
    const app = await makeTestApp({ now: clock.now });
    try {
      for (let i = 0; i < IP_FAILURES.max; i++) {
        const res = await app.loginResponse('DEMO', `nobody${i}`, 'Spray@2026');
        expect(res.statusCode).toBe(401);
      }
      const blocked = await app.loginResponse('DEMO', 'admin', 'Admin@1234');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().status).toBe(STATUS.rateLimited);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(IP_FAILURES.windowMs + 1000);
      expect((await app.loginResponse('DEMO', 'admin', 'Admin@1234')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
