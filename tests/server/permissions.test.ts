import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { AREAS } from '#contract/permissions.ts';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let trainer: { token: string; userID: string; companyID: string };
let admin: string;

beforeAll(async () => {
  t = await makeTestApp({
    register: (app) => {
      app.get(
        '/api/test/user-admin',
        { onRequest: [app.authenticate], preHandler: [app.requirePermission('userManagement', 'update')] },
        async () => ({ status: 0, message: 'OK', data: 'allowed' }),
      );
    },
  });
  trainer = (await t.loginResponse('DEMO', 'trainer', 'Trainer@1234')).json().data;
  admin = await t.login('DEMO', 'admin', 'Admin@1234');
});
afterAll(() => t?.close());

const DENIED = ['userManagement', 'companyProfile', 'sendNotification'];

describe('permission flags', () => {
  it("answers the trainer's role flags from CheckPermissionWeb", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/EmployeeEXT/CheckPermissionWeb',
      headers: bearer(trainer.token),
      payload: { companyID: trainer.companyID, userID: trainer.userID },
    });
    expect(res.statusCode).toBe(200);
    const { areas } = res.json().data;
    expect(Object.keys(areas).sort()).toEqual([...AREAS].sort());
    for (const area of AREAS) {
      const expected = !DENIED.includes(area);
      expect(areas[area], area).toEqual({
        flag: expected,
        view: expected,
        create: expected,
        read: expected,
        update: expected,
        delete: expected,
      });
    }
  });

  it.each([
    ['library', true],
    ['library.create', true],
    ['userManagement', false],
    ['userManagement.update', false],
    ['sendNotification.read', false],
    ['skillMatrix.delete', true],
  ])('CheckPermissionByUserID %s -> %s', async (permissionid, allowed) => {
    const res = await t.app.inject({
      url: `/api/v1/EmployeeEXT/CheckPermissionByUserID?userid=${trainer.userID}&permissionid=${permissionid}`,
      headers: bearer(trainer.token),
    });
    expect(res.json()).toEqual({ status: 0, message: 'OK', data: { permissionid, allowed } });
  });

  it('rejects an unknown permission id with 422', async () => {
    const res = await t.app.inject({
      url: `/api/v1/EmployeeEXT/CheckPermissionByUserID?userid=${trainer.userID}&permissionid=payroll.read`,
      headers: bearer(trainer.token),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].path).toBe('permissionid');
  });

  it('requirePermission refuses a role without the flag and lets the admin through', async () => {
    const denied = await t.app.inject({ url: '/api/test/user-admin', headers: bearer(trainer.token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().status).toBe(STATUS.forbidden);
    const allowed = await t.app.inject({ url: '/api/test/user-admin', headers: bearer(admin) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toBe('allowed');
    const anonymous = await t.app.inject({ url: '/api/test/user-admin' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the order of the checks: who, then may they, then is the input right', () => {
  it.each([
    ['User/Create', { firstName: 1 }],
    ['User/Update', {}],
    ['User/Delete', { id: 'not-a-uuid' }],
    ['User/List', { page: 'x' }],
    ['Company/UpdateProfile', { name: 7 }],
  ])('a trainer posting a bad %s gets 403, never the field list', async (path, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: bearer(trainer.token),
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(STATUS.forbidden);
    expect(JSON.stringify(res.json())).not.toMatch(/firstName|employeeId|username/);
  });

  it('every resource route and Push of an area the trainer lacks answers 403 to a bad body', async () => {
    const denied = RESOURCE_NAMES.filter((n) => DENIED.includes(RESOURCES[n].area));
    expect(denied.length).toBeGreaterThan(0);
    for (const name of denied) {
      for (const action of ['List', 'Get', 'Create', 'Update', 'Delete']) {
        for (const payload of [{}, { id: 'x', page: -1, sort: 7 }, []]) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/${name}/${action}`,
            headers: bearer(trainer.token),
            payload,
          });
          expect(res.statusCode, `${name}/${action} ${JSON.stringify(payload)}`).toBe(403);
        }
      }
      const push = await t.app.inject({
        method: 'POST',
        url: '/api/v6/Sync/Push',
        headers: bearer(trainer.token),
        payload: {
          mutations: ['create', 'update', 'delete'].map((op) => ({
            id: crypto.randomUUID(),
            resource: name,
            op,
            payload: { id: `not-a-uuid-${op}`, bogus: true },
          })),
        },
      });
      expect(push.statusCode).toBe(200);
      for (const r of push.json().data.results) expect(r.httpStatus, `${name} push`).toBe(403);
    }
  });

  it('the admin posting the same bad User/Create gets 422 with what to fix', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/User/Create',
      headers: bearer(admin),
      payload: { firstName: 1 },
    });
    expect(res.statusCode).toBe(422);
  });

  it('no token at all is 401 before anything else', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/User/Create', payload: { firstName: 1 } });
    expect(res.statusCode).toBe(401);
  });
});
