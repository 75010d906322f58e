import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let s: { token: string; userID: string };

beforeAll(async () => {
  t = await makeTestApp({
    register: (app) => {
      app.get('/api/test/boom', { config: { public: true } }, async () => {
        throw new Error('secret detail at /srv/db.ts:12');
      });
    },
  });
  s = (await t.loginResponse('DEMO', 'admin', 'Admin@1234')).json().data;
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('bad requests get a clear 4xx envelope', () => {
  it('names every missing field', async () => {
    const res = await post('/api/v1/Login/Login', { companyCode: 'DEMO' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(STATUS.validation);
    expect(body.data.fields).toEqual([
      { path: 'username', message: 'Required' },
      { path: 'password', message: 'Required' },
    ]);
    expect(body.message).toBe('Please correct the request: username: Required; password: Required.');
  });

  it('says which field has the wrong type', async () => {
    const res = await post('/api/v1/Login/Login', {
      companyCode: 'DEMO',
      username: 42,
      password: 'x',
      remember: 'yes',
    });
    expect(res.statusCode).toBe(422);
    const paths = res.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(['username', 'remember']);
    expect(res.json().message).toContain('expected string, received number');
  });

  it('rejects a blank company code with its own message', async () => {
    const res = await post('/api/v1/Login/Login', { companyCode: '  ', username: 'a', password: 'b' });
    expect(res.json().data.fields).toEqual([{ path: 'companyCode', message: 'Company code is required' }]);
  });

  it('rejects a bad e-mail in the profile', async () => {
    const res = await post(
      '/api/v1/User/UpdateUserProfileWeb',
      {
        userID: s.userID,
        prefix: 'Mr.',
        firstName: 'Somchai',
        lastName: 'Jaidee',
        email: 'not-an-email',
        gender: 'male',
        profileImage: 'javascript:alert(1)',
      },
      s.token,
    );
    expect(res.statusCode).toBe(422);
    const fields = res
      .json()
      .data.fields.map((f: { path: string; message: string }) => `${f.path}: ${f.message}`);
    expect(fields).toContain('email: Enter a valid e-mail address');
    expect(fields.some((f: string) => f.startsWith('profileImage:'))).toBe(true);
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Login/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"companyCode":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: STATUS.validation,
      message: 'The request body is not valid JSON.',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Login/Login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().status).toBe(STATUS.unsupportedType);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/Nope/Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: STATUS.notFound,
      message: 'Not found: GET /api/v1/Nope/Nothing',
      data: null,
    });
  });

  it('answers a crash with 500 and no internals', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: STATUS.server,
      message: 'Something went wrong on our side. Please try again later.',
      data: null,
    });
    expect(res.body).not.toContain('secret');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await post('/api/v1/Login/Login', {
      companyCode: 'DEMO',
      username: 'a',
      password: 'x'.repeat(2_000_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(STATUS.tooLarge);
  });
});
