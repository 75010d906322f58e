import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { CompanyExistsError, createCompany } from '../../server/services/create-company.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const input = (code: string) => ({
  code,
  name: 'Northwind Foods',
  admin: {
    username: 'owner',
    password: 'Start@2026',
    firstName: 'Nok',
    lastName: 'Wong',
    email: 'nok@northwind.example',
    phone: '0812345678',
    employeeId: 'NW-1',
  },
});

describe('creating a company with its first administrator (production set-up)', () => {
  it('lets the new administrator sign in with every permission, and only in that company', async () => {
    await createCompany(t.app.db, input('NORTH'));
    const token = await t.login('NORTH', 'owner', 'Start@2026');
    const session = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json()
      .data;
    expect(session.companyName).toBe('Northwind Foods');
    expect(
      Object.values(session.permissions.areas).every((a) => Object.values(a as object).every(Boolean)),
    ).toBe(true);
    const roles = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Role/List',
      headers: bearer(token),
      payload: {},
    });
    expect(
      roles.json().data.items.map((r: { name: string; isDefault: boolean }) => [r.name, r.isDefault]),
    ).toEqual([
      ['Administrator', false],
      ['Employee', true],
    ]);
    const users = await t.app.inject({
      method: 'POST',
      url: '/api/v1/User/List',
      headers: bearer(token),
      payload: {},
    });
    expect(users.json().data.total).toBe(1);
  });

  it('refuses a taken code (any case) and bad input, writing nothing', async () => {
    await expect(createCompany(t.app.db, input('demo'))).rejects.toBeInstanceOf(CompanyExistsError);
    const bad = { ...input('SOUTH'), admin: { ...input('SOUTH').admin, password: 'short', phone: '123' } };
    await expect(createCompany(t.app.db, bad)).rejects.toBeInstanceOf(ZodError);
    expect((await t.loginResponse('SOUTH', 'owner', 'short')).statusCode).toBe(401);
  });
});
