import { msg, plural } from '@lingui/core/macro';
import { NO_ACCESS, permissionsSchema, permissionsWith } from '#contract/permissions.ts';
import { keepsUserManagement, OWN_ROLE_LOCKOUT, OWN_USER_LOCKOUT } from '#contract/resources/role.ts';
import { OWN_DEACTIVATE_MESSAGE } from '#contract/resources/user.ts';
import { defineView } from '@/ui/resource/view-config';

const trail = [msg`User management`];

/** Users (admin view, spec section 3). The password is write-only (never filled, kept when empty). */
export const userView = defineView({
  resource: 'User',
  title: msg`Users`,
  trail,
  fields: {
    employeeId: { label: msg`Employee ID`, widget: { kind: 'text' }, half: true },
    prefix: {
      label: msg`Prefix`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'Mr.', label: msg`Mr.` },
          { value: 'Mrs.', label: msg`Mrs.` },
          { value: 'Miss.', label: msg`Miss.` },
        ],
      },
    },
    firstName: { label: msg`First name`, widget: { kind: 'text' }, half: true },
    lastName: { label: msg`Last name`, widget: { kind: 'text' }, half: true },
    email: { label: msg`E-mail`, widget: { kind: 'text' }, half: true },
    phone: { label: msg`Telephone`, widget: { kind: 'text' }, half: true },
    username: { label: msg`Username`, widget: { kind: 'text' }, half: true },
    password: { label: msg`Password`, widget: { kind: 'password' }, half: true },
    gender: {
      label: msg`Gender`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'male', label: msg`Male` },
          { value: 'female', label: msg`Female` },
        ],
      },
    },
    departmentId: {
      label: msg`Department`,
      half: true,
      widget: { kind: 'ref', resource: 'Department', labelFields: ['name'] },
    },
    roleId: {
      label: msg`Role`,
      half: true,
      widget: { kind: 'ref', resource: 'Role', labelFields: ['name'] },
    },
    lineId: { label: msg`LINE ID`, widget: { kind: 'text' }, half: true },
    userType: { label: msg`User type`, widget: { kind: 'text' }, half: true },
    active: { label: msg`Active`, widget: { kind: 'switch' }, half: true },
  },
  columns: [
    'employeeId',
    'firstName',
    'lastName',
    'email',
    'phone',
    'username',
    'departmentId',
    'roleId',
    'active',
  ],
  filters: ['departmentId', 'roleId', 'active'],
  titleField: 'username',
  keyColumns: ['employeeId', 'firstName', 'lastName'],
  // A new user starts with the company's default role (Roles tab, "Default role").
  defaults: async (db) => {
    const role = (await db.rows('Role').toArray()).find((r) => r.isDefault === true && !r.deletedAt);
    return role ? { roleId: role.id } : {};
  },
  rowToggle: {
    field: 'active',
    turnedOn: (name) => msg`${name} is active again and can sign in.`,
    turnedOff: (name) => msg`${name} is deactivated.`,
    confirmOff: {
      title: (name) => msg`Deactivate ${name}?`,
      body: (name) =>
        msg`${name} is signed out everywhere and cannot sign in until activated again. Nothing of theirs is deleted.`,
      action: msg`Deactivate`,
    },
  },
  // The admin cannot lock themself out; the server has the same rules.
  check: async ({ db, id, payload, userId }) => {
    if (id !== userId) return {};
    if (payload.active === false) return { active: OWN_DEACTIVATE_MESSAGE };
    const role = await db.rows('Role').get(String(payload.roleId ?? ''));
    const perms = permissionsSchema.safeParse(role?.permissions);
    return perms.success && !keepsUserManagement(perms.data) ? { roleId: OWN_USER_LOCKOUT } : {};
  },
  messages: {
    add: msg`Add user`,
    edit: msg`Edit user`,
    created: msg`User added successfully.`,
    updated: msg`User updated successfully.`,
    deleted: msg`User deleted successfully.`,
  },
});

/** Roles (levels): a name, the permission matrix of spec section 6, the course/quiz view type. */
export const roleView = defineView({
  resource: 'Role',
  title: msg`Roles`,
  trail,
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    isDefault: { label: msg`Default role`, widget: { kind: 'switch' } },
    permissions: { label: msg`Permissions`, widget: { kind: 'permissions' } },
  },
  columns: ['name', 'isDefault'],
  titleField: 'name',
  // The server refuses too (422 with the counts, parked on the sync page); saying it here avoids queueing a doomed delete.
  deleteBlocker: async (db, row, i18n) => {
    const live = (r: { deletedAt?: unknown; roleId?: unknown }) => !r.deletedAt && r.roleId === row.id;
    const users = (await db.rows('User').toArray()).filter(live).length;
    const departments = (await db.rows('Department').toArray()).filter(live).length;
    if (!users && !departments) return null;
    const u = plural(users, { one: '# user', other: '# users' });
    const d = plural(departments, { one: '# department', other: '# departments' });
    return i18n._(
      msg`This role cannot be deleted: ${u} and ${d} still have it. Move them to another role first.`,
    );
  },
  check: async ({ db, id, payload, userId }) => {
    const perms = permissionsSchema.safeParse(payload.permissions);
    if (!userId || !perms.success || keepsUserManagement(perms.data)) return {};
    const self = await db.rows('User').get(userId);
    return self?.roleId === id ? { permissions: OWN_ROLE_LOCKOUT } : {};
  },
  initial: () => ({ permissions: JSON.stringify(permissionsWith(() => NO_ACCESS)) }),
  messages: {
    add: msg`Add role`,
    edit: msg`Edit role`,
    created: msg`Role added successfully.`,
    updated: msg`Role updated successfully.`,
    deleted: msg`Role deleted successfully.`,
  },
});

/** Departments and groups: a name and the role given to its members. */
export const departmentView = defineView({
  resource: 'Department',
  title: msg`Departments and groups`,
  trail,
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    roleId: { label: msg`Role`, widget: { kind: 'ref', resource: 'Role', labelFields: ['name'] } },
    memberIds: { label: msg`Members`, widget: { kind: 'kept' } },
  },
  columns: ['name', 'roleId'],
  titleField: 'name',
  messages: {
    add: msg`Add department`,
    edit: msg`Edit department`,
    created: msg`Department added successfully.`,
    updated: msg`Department updated successfully.`,
    deleted: msg`Department deleted successfully.`,
  },
});
