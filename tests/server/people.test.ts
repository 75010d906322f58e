import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENT_NAME_TAKEN } from '#contract/resources/department.ts';
import { OWN_ROLE_LOCKOUT, OWN_USER_LOCKOUT, ROLE_NAME_TAKEN } from '#contract/resources/role.ts';
import { EMPLOYEE_ID_TAKEN, USERNAME_TAKEN, user } from '#contract/resources/user.ts';
import { ROLE_PERMISSIONS } from '../../server/db/seed-data.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let roleIds: Record<string, string>;
let deptIds: Record<string, string>;
let n = 0;

const userInput = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    id: uuidv7(),
    employeeId: `T-${n}`,
    prefix: 'Miss.',
    firstName: 'Test',
    lastName: `User ${n}`,
    email: `test${n}@demo.example`,
    phone: '081-234-5678',
    username: `test${n}`,
    password: 'Secret@123',
    gender: 'female',
    departmentId: deptIds.Sales,
    roleId: roleIds.Employee,
    active: true,
    lineId: '',
    userType: 'user',
    ...over,
  };
};

const byName = (items: { id: string; name: string }[]) =>
  Object.fromEntries(items.map((i) => [i.name, i.id]));
const fieldsOf = (res: { json: () => { data: { fields: { path: string; message: string }[] } } }) =>
  res.json().data.fields;

beforeAll(async () => {
  t = await makeTestApp();
  demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  roleIds = byName((await demo.call('Role', 'List', {})).json().data.items);
  deptIds = byName((await demo.call('Department', 'List', {})).json().data.items);
});
afterAll(() => t?.close());

describe('users', () => {
  it('creates a user and never answers the password or its hash (List, Get, Pull)', async () => {
    const input = userInput();
    const created = await demo.call('User', 'Create', input);
    expect(created.statusCode, created.body).toBe(200);
    const got = await demo.call('User', 'Get', { id: input.id });
    const list = await demo.call('User', 'List', { search: input.username });
    const pull = await demo.pull({ User: '' });
    for (const res of [created, got, list, pull]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/password|argon2|Secret@123/i);
    }
    expect(got.json().data).toMatchObject({ username: input.username, employeeId: input.employeeId });
    expect(list.json().data.total).toBe(1);
    expect(await t.login('DEMO', input.username, 'Secret@123')).toBeTruthy();
  });

  it('refuses a taken employee ID or username with the message saying which', async () => {
    const first = userInput();
    await demo.call('User', 'Create', first);
    const res = await demo.call(
      'User',
      'Create',
      userInput({ employeeId: first.employeeId, username: first.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual([
      { path: 'employeeId', message: EMPLOYEE_ID_TAKEN },
      { path: 'username', message: USERNAME_TAKEN },
    ]);
  });

  it('refuses a telephone of fewer than 10 digits and a short password', async () => {
    const res = await demo.call('User', 'Create', userInput({ phone: '02-123-456', password: 'short' }));
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        { path: 'phone', message: 'Telephone must have at least 10 digits.' },
        { path: 'password', message: 'The password must have at least 8 characters.' },
      ]),
    );
  });

  it("refuses another company's role or department", async () => {
    const acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
    const acmeRoles = byName((await acme.call('Role', 'List', {})).json().data.items);
    const acmeDepts = byName((await acme.call('Department', 'List', {})).json().data.items);
    const res = await demo.call(
      'User',
      'Create',
      userInput({ roleId: acmeRoles.Employee, departmentId: acmeDepts.Safety }),
    );
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res).map((f: { path: string }) => f.path)).toEqual(['roleId', 'departmentId']);
  });

  it('filters the list by department, role and state', async () => {
    const inactive = userInput({ active: false, roleId: roleIds.Trainer, departmentId: deptIds.Production });
    await demo.call('User', 'Create', inactive);
    const list = async (filters: Record<string, unknown>) =>
      (await demo.call('User', 'List', { filters, per_page: 500 })).json().data.items as {
        id: string;
        active: boolean;
        roleId: string;
        departmentId: string;
      }[];
    const off = await list({ active: false });
    expect(off.length).toBeGreaterThan(1);
    expect(off.every((u) => !u.active)).toBe(true);
    const trainers = await list({ roleId: roleIds.Trainer, departmentId: deptIds.Production });
    expect(trainers.map((u) => u.id)).toContain(inactive.id);
    expect(trainers.every((u) => u.roleId === roleIds.Trainer)).toBe(true);
    const bad = await demo.call('User', 'List', { filters: { password: 'x' } });
    expect(bad.statusCode).toBe(422);
  });

  it('deactivating a user ends their sessions and stops them signing in; update keeps the password', async () => {
    const input = userInput();
    await demo.call('User', 'Create', input);
    const token = await t.login('DEMO', input.username, 'Secret@123');
    const { password: _, ...rest } = input;
    const res = await demo.call('User', 'Update', { ...rest, active: false, rev: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Login/Session',
      headers: bearer(token),
    });
    expect(session.statusCode).toBe(401);
    expect((await t.loginResponse('DEMO', input.username, 'Secret@123')).statusCode).toBe(401);
    await demo.call('User', 'Update', { ...rest, active: true, rev: 2 });
    expect(await t.login('DEMO', input.username, 'Secret@123')).toBeTruthy();
  });

  it('syncs a user created offline exactly once, through Push replays', async () => {
    const input = userInput();
    const m = mutation('User', 'create', input);
    const [first, replay] = [await demo.push([m]), await demo.push([m])];
    expect(first.json().data.results[0].httpStatus).toBe(200);
    expect(replay.json().data.results[0]).toEqual(first.json().data.results[0]);
    expect(replay.body).not.toMatch(/password|Secret@123/i);
    const list = await demo.call('User', 'List', { search: input.username });
    expect(list.json().data.total).toBe(1);
  });

  it('a deleted user cannot sign in, and the username can be used again', async () => {
    const input = userInput();
    await demo.call('User', 'Create', input);
    expect((await demo.call('User', 'Delete', { id: input.id })).statusCode).toBe(200);
    expect((await t.loginResponse('DEMO', input.username, 'Secret@123')).statusCode).toBe(401);
    const again = await demo.call('User', 'Create', userInput({ username: input.username }));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('roles and departments', () => {
  it('refuses to delete a role with users or departments, saying how many', async () => {
    const roleId = uuidv7();
    const role = { id: roleId, name: 'Auditor', permissions: ROLE_PERMISSIONS.Employee, isDefault: false };
    expect((await demo.call('Role', 'Create', role)).statusCode).toBe(200);
    const member = userInput({ roleId });
    await demo.call('User', 'Create', member);
    const dept = { id: uuidv7(), name: 'Audit', roleId, memberIds: [member.id] };
    expect((await demo.call('Department', 'Create', dept)).json().data.memberIds).toEqual([member.id]);
    const res = await demo.call('Role', 'Delete', { id: roleId });
    expect(res.statusCode).toBe(422);
    const message =
      'This role cannot be deleted: 1 user and 1 department still have it. Move them to another role first.';
    expect(res.json().message).toBe(message);
    expect(res.json().data).toEqual({ fields: [{ path: 'id', message }], users: 1, departments: 1 });
    await demo.call('Department', 'Delete', { id: dept.id });
    const { password: _, ...rest } = member;
    await demo.call('User', 'Update', { ...rest, roleId: roleIds.Employee, rev: 1 });
    expect((await demo.call('Role', 'Delete', { id: roleId })).statusCode).toBe(200);
  });

  it('keeps role and department names unique in the company, ignoring case and spaces', async () => {
    const role = {
      id: uuidv7(),
      name: 'Line Lead',
      permissions: ROLE_PERMISSIONS.Employee,
      isDefault: false,
    };
    expect((await demo.call('Role', 'Create', role)).statusCode).toBe(200);
    const again = await demo.call('Role', 'Create', { ...role, id: uuidv7(), name: '  line lead ' });
    expect(again.statusCode).toBe(422);
    expect(fieldsOf(again)).toEqual([{ path: 'name', message: ROLE_NAME_TAKEN }]);
    // Saving a record under its own name is no clash.
    expect((await demo.call('Role', 'Update', { ...role, rev: 1 })).statusCode).toBe(200);
    const dept = { id: uuidv7(), name: 'Night Shift', roleId: null, memberIds: [] };
    expect((await demo.call('Department', 'Create', dept)).statusCode).toBe(200);
    const twin = await demo.call('Department', 'Create', { ...dept, id: uuidv7(), name: 'NIGHT SHIFT' });
    expect(fieldsOf(twin)).toEqual([{ path: 'name', message: DEPARTMENT_NAME_TAKEN }]);
    // Another company may use the same names.
    const acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
    expect((await acme.call('Role', 'Create', { ...role, id: uuidv7() })).statusCode).toBe(200);
  });

  it('an admin cannot take user management away from themself, by role or by their own user', async () => {
    const me = (await demo.call('User', 'List', { search: 'admin', per_page: 500 }))
      .json()
      .data.items.find((u: { username: string }) => u.username === 'admin');
    const myRole = (await demo.call('Role', 'Get', { id: me.roleId })).json().data;
    const stripped = {
      ...myRole.permissions,
      areas: {
        ...myRole.permissions.areas,
        userManagement: { ...myRole.permissions.areas.userManagement, update: false },
      },
    };
    const res = await demo.call('Role', 'Update', { ...myRole, permissions: stripped });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual([{ path: 'permissions', message: OWN_ROLE_LOCKOUT }]);
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...self } = me;
    const demoted = await demo.call('User', 'Update', { ...self, roleId: roleIds.Employee });
    expect(fieldsOf(demoted)).toEqual([{ path: 'roleId', message: OWN_USER_LOCKOUT }]);
    // The same change to a role the admin does not hold is fine.
    const other = (await demo.call('Role', 'Get', { id: roleIds.Trainer })).json().data;
    const ok = await demo.call('Role', 'Update', { ...other, permissions: stripped });
    expect(ok.statusCode).toBe(200);
  });

  it('replaces department members with the list sent, only users of the company', async () => {
    const a = userInput();
    const b = userInput();
    await demo.call('User', 'Create', a);
    await demo.call('User', 'Create', b);
    const dept = { id: uuidv7(), name: 'Group A', roleId: null, memberIds: [a.id, b.id] };
    await demo.call('Department', 'Create', dept);
    const updated = await demo.call('Department', 'Update', { ...dept, memberIds: [b.id], rev: 1 });
    expect(updated.json().data.memberIds).toEqual([b.id]);
    const foreign = await demo.call('Department', 'Update', { ...dept, memberIds: [uuidv7()], rev: 2 });
    expect(foreign.statusCode).toBe(422);
    await demo.call('User', 'Delete', { id: b.id });
    const after = (await demo.call('Department', 'Get', { id: dept.id })).json().data;
    expect(after).toMatchObject({ memberIds: [], rev: 3 });
  });
});

describe('company profile', () => {
  const profile = {
    name: 'Demo Manufacturing Public Co.',
    address: '1 Silom Road',
    province: 'Bangkok',
    country: 'Thailand',
    phone: '02 123 4567 8',
    contactEmail: 'hr@demo.example',
    contactPerson: 'Suda Srisuk',
  };
  const call = async (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/Company/${url}`,
      headers: bearer(await t.login('DEMO', 'admin', 'Admin@1234')),
      payload,
    });

  it('reads and updates the profile; the session shows the new name', async () => {
    expect((await call('GetProfile', {})).json().data).toMatchObject({ code: 'DEMO', province: 'Bangkok' });
    const res = await call('UpdateProfile', { ...profile, code: 'demo' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GetProfile', {})).json().data).toMatchObject(profile);
    const token = await t.login('DEMO', 'admin', 'Admin@1234');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Login/Session',
      headers: bearer(token),
    });
    expect(session.json().data.companyName).toBe(profile.name);
  });

  it('validates e-mail and telephone, and keeps the code read-only', async () => {
    const res = await call('UpdateProfile', {
      ...profile,
      contactEmail: 'nope',
      phone: '12345',
      code: 'NEW',
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res).map((f: { path: string }) => f.path)).toEqual(['phone', 'contactEmail']);
    const code = await call('UpdateProfile', { ...profile, code: 'NEW' });
    expect(code.statusCode).toBe(422);
    expect(fieldsOf(code)[0].path).toBe('code');
  });
});

describe('seed', () => {
  it('gives every demo user a unique employee ID, a 10-digit phone, a department and a role', async () => {
    const { items } = (await demo.call('User', 'List', { per_page: 500 })).json().data;
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const u of items.filter((x: { employeeId: string }) => x.employeeId.startsWith('DEMO-'))) {
      const parsed = user.update.safeParse({ ...u, rev: u.rev });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(u.departmentId).toBeTruthy();
    }
    const ids = items.map((u: { employeeId: string }) => u.employeeId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
