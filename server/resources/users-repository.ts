import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { keepsUserManagement, OWN_USER_LOCKOUT } from '#contract/resources/role.ts';
import { OWN_DEACTIVATE_MESSAGE, USER_FILTERS, user } from '#contract/resources/user.ts';
import { departmentMembers, departments, roles, sessions, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { nextSeq, tableReads } from './own-table.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRepository, Scope, Tx } from './repository-types.ts';

const spec = {
  table: users,
  fields: {
    employeeId: users.employeeId,
    prefix: users.prefix,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    username: users.username,
    gender: users.gender,
    departmentId: users.departmentId,
    roleId: users.roleId,
    active: users.active,
    lineId: users.lineId,
    userType: users.userType,
  },
  filters: USER_FILTERS,
};
const { reads, live, bump, duplicates } = tableReads(spec);

type UserInput = {
  employeeId: string;
  prefix: 'Mr.' | 'Mrs.' | 'Miss.' | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  password?: string;
  gender: 'male' | 'female' | null;
  departmentId: string | null;
  roleId: string;
  active: boolean;
  lineId: string;
  userType: string;
};

const liveOf = <T extends typeof roles | typeof departments>(t: T, scope: Scope, id: string) =>
  and(eq(t.companyId, scope.companyId), eq(t.id, id), isNull(t.deletedAt));

/**
 * The rules of a user the schema cannot check alone: employee ID and username unique among the
 * company's live users, and the role and department must be live ones of the same company.
 */
async function checkRules(tx: Tx, scope: Scope, data: UserInput, selfId: string) {
  const problems = await duplicates(tx, scope, user.unique ?? {}, data, selfId);
  const [role] = await tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(liveOf(roles, scope, data.roleId));
  if (!role) problems.push({ path: 'roleId', message: 'Choose a role of your company.' });
  else if (selfId === scope.userId && !keepsUserManagement(role.permissions)) {
    problems.push({ path: 'roleId', message: OWN_USER_LOCKOUT });
  }
  if (data.departmentId) {
    const [dept] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(liveOf(departments, scope, data.departmentId));
    if (!dept) problems.push({ path: 'departmentId', message: 'Choose a department of your company.' });
  }
  if (selfId === scope.userId && !data.active) {
    problems.push({ path: 'active', message: OWN_DEACTIVATE_MESSAGE });
  }
  if (problems.length) throw invalid(problems);
}

/** Two admins saving the same username at once: the unique index decides, the loser gets a 422. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code !== '23505' && e.cause?.code !== '23505') throw err;
    throw invalid([
      { path: 'username', message: 'This username or employee ID was just taken by another user.' },
    ]);
  }
}

const columnsOf = ({ password: _, ...d }: UserInput) => d;
const revokeSessions = (tx: Tx, userId: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** Users on their own table; the password hash never leaves it (not a field of any answer). */
export const usersRepository: ResourceRepository = {
  table: 'users',
  ...reads,

  async insert(tx, scope, id, raw) {
    const data = raw as UserInput;
    await checkRules(tx, scope, data, id);
    const passwordHash = await hashPassword(data.password!);
    const [row] = await uniquely(() =>
      tx
        .insert(users)
        .values({
          ...columnsOf(data),
          id,
          companyId: scope.companyId,
          passwordHash,
          updatedBy: scope.userId,
        })
        .onConflictDoNothing({ target: users.id })
        .returning({ id: users.id }),
    );
    return row ? reads.find(tx, scope, id) : undefined;
  },

  async update(tx, scope, id, baseRev, raw) {
    const data = raw as UserInput;
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(live(scope, id, baseRev));
    if (!current) return undefined;
    await checkRules(tx, scope, data, id);
    const passwordHash = data.password ? await hashPassword(data.password) : undefined;
    const [row] = await uniquely(() =>
      tx
        .update(users)
        .set({ ...columnsOf(data), ...(passwordHash ? { passwordHash } : {}), ...bump(scope) })
        .where(live(scope, id, baseRev))
        .returning({ id: users.id }),
    );
    if (!row) return undefined;
    // A deactivated user is signed out everywhere; so is a user whose password an admin reset.
    if (!data.active || (passwordHash && id !== scope.userId)) await revokeSessions(tx, id);
    return reads.find(tx, scope, id);
  },

  async remove(tx, scope, id, baseRev) {
    if (id === scope.userId) {
      throw invalid([{ path: 'id', message: 'You cannot delete your own account.' }]);
    }
    const [row] = await tx
      .update(users)
      .set({ active: false, deletedAt: sql`now()`, ...bump(scope) })
      .where(live(scope, id, baseRev))
      .returning({ id: users.id });
    if (!row) return undefined;
    await revokeSessions(tx, id);
    // Their groups lose a member (memberIds lists live users only): those departments sync too.
    await tx
      .update(departments)
      .set({ rev: sql`${departments.rev} + 1`, seq: nextSeq, updatedAt: sql`now()` })
      .where(
        inArray(
          departments.id,
          tx
            .select({ id: departmentMembers.departmentId })
            .from(departmentMembers)
            .where(eq(departmentMembers.userId, id)),
        ),
      );
    return reads.find(tx, scope, id);
  },
};
