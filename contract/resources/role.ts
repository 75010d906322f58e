import { z } from 'zod';
import { permissionsSchema } from '../permissions.ts';
import { defineResource } from '../resource.ts';

/** Role (level): a name and the permission flags of spec section 6; one role may be the default. */
export const role = defineResource({
  name: 'Role',
  area: 'userManagement',
  route: '/user-management/roles',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(100, 'Use at most 100 characters.'),
    permissions: permissionsSchema,
    isDefault: z.boolean().default(false),
  }),
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'isDefault'],
});
