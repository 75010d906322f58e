import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let acme: string;
let demo: { token: string; userID: string; companyID: string };

beforeAll(async () => {
  t = await makeTestApp();
  acme = await t.login('ACME', 'admin', 'Admin@1234');
  const res = await t.loginResponse('DEMO', 'admin', 'Admin@1234');
  demo = res.json().data;
});
afterAll(() => t?.close());

const profileBody = (userID: string) => ({
  userID,
  employeeID: 'X',
  prefix: 'Mr.',
  firstName: 'Mallory',
  lastName: 'Intruder',
  email: 'mallory@acme.example',
  gender: 'male',
  profileImage: null,
});

describe('company boundary: an ACME token with DEMO ids', () => {
  const calls = () => [
    { method: 'GET', url: `/api/v1/User/GetUserProfileWeb?userID=${demo.userID}` },
    { method: 'POST', url: '/api/v1/User/UpdateUserProfileWeb', payload: profileBody(demo.userID) },
    { method: 'POST', url: '/api/v1/User/UpdateLanguage', payload: { userID: demo.userID, language: 'th' } },
    { method: 'POST', url: '/api/v1/EmployeeEXT/CheckPermissionWeb', payload: { companyID: demo.companyID, userID: demo.userID } },
    { method: 'GET', url: `/api/v1/EmployeeEXT/CheckPermissionByUserID?userid=${demo.userID}&permissionid=library` },
    {
      method: 'POST',
      url: '/api/v3/Notification/GetNotificationFromWeb',
      payload: { companyId: demo.companyID, userId: demo.userID, offset: 0, limit: 10 },
    },
    { method: 'POST', url: '/api/v3/Notification/GetUnreadCount', payload: { companyId: demo.companyID, userId: demo.userID } },
    {
      method: 'POST',
      url: '/api/v2/Login/ChangePassword',
      payload: { userId: demo.userID, currentPassword: 'Admin@1234', newPassword: 'Hacked@1' },
    },
  ] as const; // biome-ignore format: one call per line

  it('refuses every call with 403 and changes nothing', async () => {
    for (const call of calls()) {
      const res = await t.app.inject({ ...call, headers: bearer(acme) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().status, call.url).toBe(STATUS.forbidden);
    }
    const own = await t.app.inject({
      url: `/api/v1/User/GetUserProfileWeb?userID=${demo.userID}`,
      headers: bearer(demo.token),
    });
    expect(own.json().data).toMatchObject({ firstName: 'Somchai', lastName: 'Jaidee' });
    expect((await t.loginResponse('DEMO', 'admin', 'Admin@1234')).statusCode).toBe(200);
  });

  it('refuses a mismatched company id even with the right user id', async () => {
    const acmeUser = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(acme) })).json()
      .data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/GetUnreadCount',
      headers: bearer(acme),
      payload: { companyId: demo.companyID, userId: acmeUser.userID },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a foreign company id in any spelling, even on a call that does not declare one', async () => {
    const undeclared = [
      { method: 'POST', url: '/api/v1/Faq/List', payload: { companyID: demo.companyID } },
      { method: 'POST', url: '/api/v1/User/List', payload: { CompanyId: demo.companyID, per_page: 5 } },
      { method: 'GET', url: `/api/v1/Login/Session?COMPANYID=${demo.companyID}` },
      { method: 'POST', url: '/api/v6/Sync/Pull', payload: { cursors: {}, UserID: demo.userID } },
    ] as const;
    for (const call of undeclared) {
      const res = await t.app.inject({ ...call, headers: bearer(acme) });
      expect(res.statusCode, call.url).toBe(403);
    }
    // Its own ids in the same places are fine.
    const session = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(acme) })).json().data;
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Faq/List',
      headers: bearer(acme),
      payload: { companyID: session.companyID },
    });
    expect(own.statusCode).toBe(200);
  });

  it("answers 404 for marking another user's notification read, and leaves it unread", async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/GetNotificationFromWeb',
      headers: bearer(demo.token),
      payload: { companyId: demo.companyID, userId: demo.userID },
    });
    const unread = list.json().data.items.find((n: { watchFlag: boolean }) => !n.watchFlag);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/MarkRead',
      headers: bearer(acme),
      payload: { id: unread.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(STATUS.notFound);
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/v3/Notification/GetUnreadCount',
      headers: bearer(demo.token),
      payload: { companyId: demo.companyID, userId: demo.userID },
    });
    expect(count.json().data.unread).toBe(list.json().data.unread);
  });
});
