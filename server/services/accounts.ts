import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';

export async function findCompanyByCode(db: Db, code: string) {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(sql`lower(${companies.code})`, code.trim().toLowerCase()))
    .limit(1);
  return company;
}

export async function findUserByUsername(db: Db, companyId: string, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(sql`lower(${users.username})`, username.trim().toLowerCase()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return user;
}

export async function findUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function findCompany(db: Db, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return company;
}
