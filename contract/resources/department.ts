import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const DEPARTMENT_NAME_TAKEN = 'A department or group with this name already exists.';

/**
 * Department or group. Members are a field (`memberIds`, the whole list): an update replaces
 * the list, so adding and removing members syncs offline like any edit and conflicts by rev.
 * A user's own `departmentId` (their main department) is separate from group membership.
 */
export const department = defineResource({
  name: 'Department',
  area: 'userManagement',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    roleId: z.uuid().nullable().default(null),
    memberIds: z.array(z.uuid()).max(10_000).default([]),
  }),
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'roleId'],
  unique: { name: DEPARTMENT_NAME_TAKEN },
});
