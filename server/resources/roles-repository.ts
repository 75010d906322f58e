import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import type { Permissions } from '#contract/permissions.ts';
import { keepsUserManagement, OWN_ROLE_LOCKOUT, role } from '#contract/resources/role.ts';
import { departments, roles, users } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { tableReads } from './own-table.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRepository, Scope, Tx } from './repository-types.ts';

const { reads, live, bump, duplicates } = tableReads({
  table: roles,
  fields: { name: roles.name, permissions: roles.permissions, isDefault: roles.isDefault },
  filters: ['isDefault'],
});

type RoleInput = { name: string; permissions: Permissions; isDefault: boolean };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One default role per company: making this one the default unsets the others (they sync too). */
async function soleDefault(tx: Tx, scope: Scope, id: string) {
  await tx
    .update(roles)
    .set({ isDefault: false, ...bump(scope) })
    .where(
      and(
        eq(roles.companyId, scope.companyId),
        ne(roles.id, id),
        eq(roles.isDefault, true),
        isNull(roles.deletedAt),
      ),
    );
}

/**
 * A unique name, and no admin locks themself out: the caller's own role keeps user management
 * (else nobody in a one-admin company could ever change roles again).
 */
async function checkRules(tx: Tx, scope: Scope, data: RoleInput, id: string) {
  const problems = await duplicates(tx, scope, role.unique ?? {}, data, id);
  if (!keepsUserManagement(data.permissions)) {
    const [self] = await tx
      .select({ roleId: users.roleId })
      .from(users)
      .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
    if (self?.roleId === id) problems.push({ path: 'permissions', message: OWN_ROLE_LOCKOUT });
  }
  if (problems.length) throw invalid(problems);
}

/** A role still held by users or departments cannot go: 409 saying how many must move first. */
async function assertUnused(tx: Tx, scope: Scope, id: string) {
  const [[u], [d]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, scope.companyId), eq(users.roleId, id), isNull(users.deletedAt))),
    tx
      .select({ n: count() })
      .from(departments)
      .where(
        and(
          eq(departments.companyId, scope.companyId),
          eq(departments.roleId, id),
          isNull(departments.deletedAt),
        ),
      ),
  ]);
  const users_ = Number(u.n);
  const depts = Number(d.n);
  if (users_ || depts) {
    // 422, not 409: in sync a 409 means "stale revision" and opens the conflict dialog, while
    // this is a rule the admin must satisfy first, so the change is parked with this message.
    const message = `This role cannot be deleted: ${plural(users_, 'user', 'users')} and ${plural(depts, 'department', 'departments')} still have it. Move them to another role first.`;
    throw new ApiError(422, STATUS.validation, message, {
      fields: [{ path: 'id', message }],
      users: users_,
      departments: depts,
    });
  }
}

/** Roles (levels) with their permission flags, on their own table. */
export const rolesRepository: ResourceRepository = {
  table: 'roles',
  ...reads,

  async insert(tx, scope, id, raw) {
    const data = raw as RoleInput;
    await checkRules(tx, scope, data, id);
    const [row] = await tx
      .insert(roles)
      .values({ ...data, id, companyId: scope.companyId, updatedBy: scope.userId })
      .onConflictDoNothing({ target: roles.id })
      .returning({ id: roles.id });
    if (!row) return undefined;
    if (data.isDefault) await soleDefault(tx, scope, id);
    return reads.find(tx, scope, id);
  },

  async update(tx, scope, id, baseRev, raw) {
    const data = raw as RoleInput;
    const [current] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(live(scope, id, baseRev));
    if (!current) return undefined;
    await checkRules(tx, scope, data, id);
    const [row] = await tx
      .update(roles)
      .set({ ...data, ...bump(scope) })
      .where(live(scope, id, baseRev))
      .returning({ id: roles.id });
    if (!row) return undefined;
    if (data.isDefault) await soleDefault(tx, scope, id);
    return reads.find(tx, scope, id);
  },

  async remove(tx, scope, id, baseRev) {
    const [current] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(live(scope, id, baseRev));
    if (!current) return undefined;
    await assertUnused(tx, scope, id);
    await tx
      .update(roles)
      .set({ deletedAt: sql`now()`, ...bump(scope) })
      .where(live(scope, id, baseRev));
    return reads.find(tx, scope, id);
  },
};
