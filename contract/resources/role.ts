import { z } from 'zod';
import { can, type Permissions, permissionsSchema } from '../permissions.ts';
import { defineResource } from '../resource.ts';

export const ROLE_NAME_TAKEN = 'A role with this name already exists.';

/** Role (level): a name and the permission flags of spec section 6; one role may be the default. */
export const role = defineResource({
  name: 'Role',
  area: 'userManagement',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(100, 'Use at most 100 characters.'),
    permissions: permissionsSchema,
    isDefault: z.boolean().default(false),
  }),
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'isDefault'],
  unique: { name: ROLE_NAME_TAKEN },
});

/** What a role needs so its holders can still manage roles (and so undo a mistake). */
export const keepsUserManagement = (p: Permissions) =>
  can(p, 'userManagement', 'read') && can(p, 'userManagement', 'update');

export const OWN_ROLE_LOCKOUT =
  'You cannot take user management away from your own role: you would lock yourself out. Ask another administrator to change it.';
export const OWN_USER_LOCKOUT =
  'You cannot give yourself a role without user management: you would lock yourself out.';
