import { count } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';
import { companies, departmentMembers, departments, notifications, roles, users } from './schema.ts';
import {
  ADMIN_NOTIFICATIONS,
  DEMO_COMPANIES,
  DEMO_LOGINS,
  DEMO_USER_PASSWORD,
  ROLE_PERMISSIONS,
  type SeedCompany,
} from './seed-data.ts';

const HOUR = 3_600_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fills an empty database (no companies) with the demo companies. Returns whether it did.
 * Callers never call it in production. Safe when two instances start together: the unique
 * company code makes the later transaction fail, and that one reports "not seeded".
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) return false;
  const passwords = new Map<string, string>();
  for (const pw of new Set([...DEMO_LOGINS.map((l) => l.password), DEMO_USER_PASSWORD])) {
    passwords.set(pw, await hashPassword(pw));
  }
  try {
    await db.transaction(async (tx) => {
      for (const company of DEMO_COMPANIES) await seedCompany(tx, company, passwords, now);
    });
    return true;
  } catch (err) {
    if (
      (err as { code?: string }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    )
      return false;
    throw err;
  }
}

async function seedCompany(tx: Tx, c: SeedCompany, passwords: Map<string, string>, now: Date) {
  const [company] = await tx
    .insert(companies)
    .values({ code: c.code, name: c.name, contactEmail: `contact@${c.domain}`, ...c.profile })
    .returning({ id: companies.id });
  const companyId = company.id;
  const roleIds = new Map<string, string>();
  for (const [name, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    const [role] = await tx
      .insert(roles)
      .values({ companyId, name, permissions, isDefault: name === 'Employee' })
      .returning({ id: roles.id });
    roleIds.set(name, role.id);
  }
  const deptIds = new Map<string, string>();
  for (const name of c.departments) {
    const [dept] = await tx.insert(departments).values({ companyId, name }).returning({ id: departments.id });
    deptIds.set(name, dept.id);
  }
  let employeeNo = 1;
  for (const u of c.users) {
    const login = DEMO_LOGINS.find((l) => l.company === c.code && l.username === u.username);
    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        employeeId: `${c.code}-${String(employeeNo++).padStart(4, '0')}`,
        prefix: u.prefix,
        firstName: u.firstName,
        lastName: u.lastName,
        email: `${u.username}@${c.domain}`,
        phone: `08${String(10_000_000 + employeeNo * 7_919).slice(0, 8)}`,
        username: u.username,
        passwordHash: passwords.get(login?.password ?? DEMO_USER_PASSWORD)!,
        gender: u.gender,
        departmentId: deptIds.get(u.department),
        roleId: roleIds.get(u.role),
        active: u.active ?? true,
        userType: u.userType ?? 'user',
        language: u.language ?? 'en',
      })
      .returning({ id: users.id });
    await tx.insert(departmentMembers).values({ departmentId: deptIds.get(u.department)!, userId: user.id });
    if (u.userType === 'admin') {
      await tx.insert(notifications).values(
        ADMIN_NOTIFICATIONS.map((n) => ({
          companyId,
          userId: user.id,
          title: n.title,
          body: n.body,
          link: n.link,
          watchFlag: n.read,
          createdAt: new Date(now.getTime() - n.hoursAgo * HOUR),
        })),
      );
    }
  }
}
