import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { PASSWORD_MESSAGE, PASSWORD_MIN, phoneSchema } from '#contract/resources/user.ts';
import type { Db } from '../db/client.ts';
import { companies, roles, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Tx } from '../resources/repository-types.ts';

const required = (what: string, max = 100) =>
  z.string().trim().min(1, `Please enter ${what}.`).max(max, `Use at most ${max} characters.`);

/** A new company with its first administrator: what a production install starts from. */
export const newCompanyInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,30}$/, 'The company code has 2 to 30 letters, digits, - or _.'),
  name: required('the company name', 200),
  admin: z.object({
    username: required('a username'),
    password: z.string().min(PASSWORD_MIN, PASSWORD_MESSAGE).max(200),
    firstName: required('a first name'),
    lastName: required('a last name'),
    email: z.email('Please enter a valid e-mail address.').max(200),
    phone: phoneSchema,
    employeeId: required('an employee ID', 50),
  }),
});
export type NewCompanyInput = z.input<typeof newCompanyInput>;

export class CompanyExistsError extends Error {}

/**
 * Creates the company, an "Administrator" role with every permission, an "Employee" default
 * role with none (the admin sets it up), and the administrator: all in one transaction.
 */
export async function createCompany(db: Db, raw: NewCompanyInput) {
  const input = newCompanyInput.parse(raw);
  // Hashed before the transaction opens, so it holds no lock for the hash's ~20 ms.
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction((tx) => insertCompany(tx, input, passwordHash));
}

/** The same inside the caller's transaction (the demo seed makes both companies in one). */
export async function createCompanyIn(tx: Tx, raw: NewCompanyInput) {
  const input = newCompanyInput.parse(raw);
  return insertCompany(tx, input, await hashPassword(input.admin.password));
}

async function insertCompany(tx: Tx, input: z.output<typeof newCompanyInput>, passwordHash: string) {
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(sql`lower(${companies.code})`, input.code.toLowerCase()));
  if (taken) throw new CompanyExistsError(`A company with the code ${input.code} already exists.`);
  const [company] = await tx
    .insert(companies)
    .values({ code: input.code, name: input.name, contactEmail: input.admin.email })
    .returning({ id: companies.id });
  const companyId = company!.id;
  const [admin] = await tx
    .insert(roles)
    .values({ companyId, name: 'Administrator', permissions: permissionsWith(() => FULL_ACCESS) })
    .returning({ id: roles.id });
  await tx.insert(roles).values({
    companyId,
    name: 'Employee',
    permissions: permissionsWith(() => NO_ACCESS),
    isDefault: true,
  });
  const { password: _, ...person } = input.admin;
  const [user] = await tx
    .insert(users)
    .values({ ...person, companyId, passwordHash, roleId: admin!.id, userType: 'admin' })
    .returning({ id: users.id });
  return { companyId, userId: user!.id };
}
