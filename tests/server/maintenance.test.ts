import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { settingsMaintenance } from '../../server/db/schema.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

const MESSAGE = 'Scheduled upgrade until 22:00.';
let t: TestApp;
let demo: { token: string; userID: string; companyID: string };
let acme: string;

beforeAll(async () => {
  t = await makeTestApp();
  demo = (await t.loginResponse('DEMO', 'admin', 'Admin@1234')).json().data;
  acme = await t.login('ACME', 'admin', 'Admin@1234');
});
afterAll(() => t?.close());

const setting = (companyID?: string) =>
  t.app.inject({
    url: `/api/v1/SettingMaintenance/GetSettingMaintenanceMessage${companyID ? `?companyID=${companyID}` : ''}`,
  });

describe('maintenance', () => {
  it('is off by default and readable without a token', async () => {
    const res = await setting(demo.companyID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 0,
      message: 'OK',
      data: { customerWebFlag: false, showSettingMaintenanceAlert: false, message: '' },
    });
  });

  it("answers 503 to the company's calls and sign-ins, but not to other companies", async () => {
    await t.app.db.insert(settingsMaintenance).values({
      companyId: demo.companyID,
      customerWebFlag: true,
      showSettingMaintenanceAlert: true,
      message: MESSAGE,
    });
    expect((await setting(demo.companyID)).json().data).toEqual({
      customerWebFlag: true,
      showSettingMaintenanceAlert: true,
      message: MESSAGE,
    });

    const call = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(demo.token) });
    expect(call.statusCode).toBe(503);
    expect(call.json()).toMatchObject({ status: STATUS.maintenance, message: MESSAGE });

    const login = await t.loginResponse('DEMO', 'trainer', 'Trainer@1234');
    expect(login.statusCode).toBe(503);
    expect(login.json().status).toBe(STATUS.maintenance);

    expect((await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(acme) })).statusCode).toBe(
      200,
    );
    expect((await t.loginResponse('ACME', 'admin', 'Admin@1234')).statusCode).toBe(200);
  });

  it('still lets a user sign out', async () => {
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Login/Logout',
      headers: bearer(demo.token),
    });
    expect(out.statusCode).toBe(200);
  });

  it('applies a global setting (no company) to every company without its own', async () => {
    await t.app.db
      .insert(settingsMaintenance)
      .values({ customerWebFlag: true, showSettingMaintenanceAlert: true });
    const res = await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(acme) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The system is under maintenance. Please try again later.');
  });
});
