import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { department } from '#contract/resources/department.ts';
import { departmentMembers, departments, roles, users } from '../db/schema.ts';
import { nextSeq, tableReads } from './own-table.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRepository, Scope, Tx } from './repository-types.ts';

// Members of the department that are live users, as a sorted JSON array of ids.
const memberIds = sql<string[]>`coalesce((
  select json_agg(dm.user_id order by dm.user_id)
  from ${departmentMembers} dm join ${users} u on u.id = dm.user_id and u.deleted_at is null
  where dm.department_id = "departments"."id"
), '[]'::json)`;

const { reads, live, bump, duplicates } = tableReads({
  table: departments,
  fields: { name: departments.name, roleId: departments.roleId, memberIds },
  filters: ['roleId'],
});

type DepartmentInput = { name: string; roleId: string | null; memberIds: string[] };

async function checkRules(tx: Tx, scope: Scope, data: DepartmentInput, id: string) {
  const problems = await duplicates(tx, scope, department.unique ?? {}, data, id);
  if (data.roleId) {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, scope.companyId), eq(roles.id, data.roleId), isNull(roles.deletedAt)));
    if (!role) problems.push({ path: 'roleId', message: 'Choose a role of your company.' });
  }
  const wanted = [...new Set(data.memberIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, scope.companyId), inArray(users.id, wanted), isNull(users.deletedAt)));
    if (found.length !== wanted.length) {
      problems.push({ path: 'memberIds', message: 'Every member must be a user of your company.' });
    }
  }
  if (problems.length) throw invalid(problems);
  return wanted;
}

/** Replaces the member list with exactly these users. */
async function setMembers(tx: Tx, departmentId: string, userIds: string[]) {
  await tx.delete(departmentMembers).where(eq(departmentMembers.departmentId, departmentId));
  if (userIds.length) {
    await tx.insert(departmentMembers).values(userIds.map((userId) => ({ departmentId, userId })));
  }
}

/** Departments (groups) on their own table; members in department_members. */
/** Whether any of `wanted` is not a live department or group of the company (none wanted: false). */
export async function someDepartmentMissing(tx: Tx, scope: Scope, wanted: readonly string[]) {
  const ids = [...new Set(wanted)];
  if (!ids.length) return false;
  const found = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.companyId, scope.companyId),
        inArray(departments.id, ids),
        isNull(departments.deletedAt),
      ),
    );
  return found.length !== ids.length;
}

export const departmentsRepository: ResourceRepository = {
  table: 'departments',
  ...reads,

  async insert(tx, scope, id, raw) {
    const data = raw as DepartmentInput;
    const members = await checkRules(tx, scope, data, id);
    const [row] = await tx
      .insert(departments)
      .values({
        id,
        companyId: scope.companyId,
        name: data.name,
        roleId: data.roleId,
        updatedBy: scope.userId,
      })
      .onConflictDoNothing({ target: departments.id })
      .returning({ id: departments.id });
    if (!row) return undefined;
    await setMembers(tx, id, members);
    return reads.find(tx, scope, id);
  },

  async update(tx, scope, id, baseRev, raw) {
    const data = raw as DepartmentInput;
    const [current] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(live(scope, id, baseRev));
    if (!current) return undefined;
    const members = await checkRules(tx, scope, data, id);
    await tx
      .update(departments)
      .set({ name: data.name, roleId: data.roleId, ...bump(scope) })
      .where(live(scope, id, baseRev));
    await setMembers(tx, id, members);
    return reads.find(tx, scope, id);
  },

  async remove(tx, scope, id, baseRev) {
    const [row] = await tx
      .update(departments)
      .set({ deletedAt: sql`now()`, ...bump(scope) })
      .where(live(scope, id, baseRev))
      .returning({ id: departments.id });
    if (!row) return undefined;
    await tx.delete(departmentMembers).where(eq(departmentMembers.departmentId, id));
    // Users whose main department it was now have none; they change, so they sync.
    await tx
      .update(users)
      .set({ departmentId: null, rev: sql`${users.rev} + 1`, seq: nextSeq, updatedAt: sql`now()` })
      .where(and(eq(users.companyId, scope.companyId), eq(users.departmentId, id)));
    return reads.find(tx, scope, id);
  },
};
