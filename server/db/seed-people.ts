import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { applyOp } from '../resources/operations.ts';
import { repositoryFor } from '../resources/repository.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';
import { createCompanyIn } from '../services/create-company.ts';
import { companies, notifications, roles, users } from './schema.ts';
import {
  ADMIN_NOTIFICATIONS,
  DEMO_LOGINS,
  DEMO_USER_PASSWORD,
  ROLE_PERMISSIONS,
  type SeedCompany,
} from './seed-data.ts';

const HOUR = 3_600_000;

/** Writes of one company as its first administrator: the service code of every real write. */
export function writerFor(tx: Tx, companyId: string, userId: string, now?: Date) {
  const scope = (resource: ResourceName): Scope => ({ companyId, userId, resource, now });
  const write = (name: ResourceName, op: 'create' | 'update', payload: Record<string, unknown>) =>
    applyOp(tx, scope(name), RESOURCES[name] as unknown as ResourceDef, op, payload);
  return {
    create: async (name: ResourceName, payload: Record<string, unknown>) =>
      (await write(name, 'create', { id: randomUUID(), ...payload })).data.id,
    update: async (name: ResourceName, id: string, payload: Record<string, unknown>) => {
      const current = await repositoryFor(name).find(tx, scope(name), id);
      await write(name, 'update', { ...payload, id, rev: current!.rev });
    },
  };
}

/**
 * The company with its administrator (createCompany, as a production install starts), then its
 * roles, departments, users and the admins' notifications. The administrator comes first in
 * `c.users`; employee IDs and phone numbers follow the list order.
 */
export async function seedPeople(tx: Tx, c: SeedCompany, now: Date) {
  const passwordOf = (username: string) =>
    DEMO_LOGINS.find((l) => l.company === c.code && l.username === username)?.password ?? DEMO_USER_PASSWORD;
  const person = (i: number) => {
    const u = c.users[i]!;
    return {
      employeeId: `${c.code}-${String(i + 1).padStart(4, '0')}`,
      firstName: u.firstName,
      lastName: u.lastName,
      email: `${u.username}@${c.domain}`,
      phone: `08${String(10_000_000 + (i + 2) * 7_919).slice(0, 8)}`,
      username: u.username,
    };
  };
  const [first] = c.users;
  if (first?.userType !== 'admin') throw new Error(`The first demo user of ${c.code} must be its admin.`);
  const { companyId, userId: adminId } = await createCompanyIn(tx, {
    code: c.code,
    name: c.name,
    admin: { ...person(0), password: passwordOf(first.username) },
  });
  // The profile route's own write (a plain update of the company row).
  await tx
    .update(companies)
    .set({ contactEmail: `contact@${c.domain}`, ...c.profile })
    .where(eq(companies.id, companyId));
  const w = writerFor(tx, companyId, adminId, now);

  const roleIds = new Map<string, string>();
  const made = await tx
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions, isDefault: roles.isDefault })
    .from(roles)
    .where(eq(roles.companyId, companyId));
  for (const [name, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    const role = made.find((r) => r.name === name);
    if (!role) roleIds.set(name, await w.create('Role', { name, permissions, isDefault: false }));
    else {
      roleIds.set(name, role.id);
      if (JSON.stringify(role.permissions) !== JSON.stringify(permissions)) {
        await w.update('Role', role.id, { name, permissions, isDefault: role.isDefault });
      }
    }
  }

  const deptIds = new Map<string, string>();
  for (const name of c.departments) deptIds.set(name, await w.create('Department', { name }));

  const userIds: string[] = [];
  for (const [i, u] of c.users.entries()) {
    const fields = {
      ...person(i),
      prefix: u.prefix,
      gender: u.gender,
      departmentId: deptIds.get(u.department),
      roleId: roleIds.get(u.role),
      active: u.active ?? true,
      userType: u.userType ?? 'user',
    };
    const id =
      i === 0
        ? (await w.update('User', adminId, fields), adminId)
        : await w.create('User', { ...fields, password: passwordOf(u.username) });
    userIds.push(id);
    // The language is the user's own choice (User/UpdateLanguage, a plain update too).
    if (u.language) await tx.update(users).set({ language: u.language }).where(eq(users.id, id));
    if (u.userType === 'admin') {
      await tx.insert(notifications).values(
        ADMIN_NOTIFICATIONS.map((n) => ({
          companyId,
          userId: id,
          title: n.title,
          body: n.body,
          link: n.link,
          watchFlag: n.read,
          createdAt: new Date(now.getTime() - n.hoursAgo * HOUR),
        })),
      );
    }
  }
  for (const [name, id] of deptIds) {
    const memberIds = userIds.filter((_, i) => c.users[i]!.department === name);
    await w.update('Department', id, { name, memberIds });
  }
  const names = new Map(c.users.map((u) => [u.username, `${u.firstName} ${u.lastName}`]));
  const ids = new Map(c.users.map((u, i) => [u.username, userIds[i]!]));
  return { companyId, adminId, writer: w, names, ids };
}
