import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AREAS,
  type Area,
  type AreaPermission,
  NO_ACCESS,
  type Permissions,
  permissionsSchema,
  permissionsWith,
} from '#contract/permissions.ts';

/** The matrix columns: the area flag (menu), view, then CRUD. */
export const PERMISSION_COLUMNS = ['flag', 'view', 'create', 'read', 'update', 'delete'] as const;
export type PermissionColumn = (typeof PERMISSION_COLUMNS)[number];

export const COLUMN_LABELS: Record<PermissionColumn, MessageDescriptor> = {
  flag: msg`Menu`,
  view: msg`View`,
  create: msg`Create`,
  read: msg`Read`,
  update: msg`Update`,
  delete: msg`Delete`,
};

/** Spec section 6 areas as admins read them. */
export const AREA_LABELS: Record<Area, MessageDescriptor> = {
  library: msg`Library`,
  lessonLearn: msg`Lesson learned`,
  course: msg`Course`,
  quiz: msg`Quiz`,
  community: msg`Community`,
  event: msg`Event`,
  feedback: msg`Feedback`,
  banner: msg`Banner`,
  store: msg`Store`,
  dashboard: msg`Dashboard`,
  userActivity: msg`User activity`,
  userView: msg`User view`,
  requestedUser: msg`Requested users`,
  assignmentReport: msg`Assignment report`,
  userManagement: msg`User management`,
  companyProfile: msg`Company profile`,
  sendNotification: msg`Send notification`,
  settingNotification: msg`Notification settings`,
  skillMatrix: msg`Skill matrix`,
  isoAccess: msg`ISO access`,
};

/** The form keeps the matrix as JSON text; anything unreadable starts with no access. */
export function parsePermissions(text: string): Permissions {
  try {
    const parsed = permissionsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return permissionsWith(() => NO_ACCESS);
}

export const serializePermissions = (p: Permissions) => JSON.stringify(p);

/** One checkbox flipped; the areas keep the contract's order. */
export function togglePermission(
  p: Permissions,
  area: Area,
  column: PermissionColumn,
  on: boolean,
): Permissions {
  const current: AreaPermission = p.areas[area];
  return { ...p, areas: { ...p.areas, [area]: { ...current, [column]: on } } };
}

/** Every action of an area on or off at once (the row's "all" toggle). */
export function setArea(p: Permissions, area: Area, on: boolean): Permissions {
  const all = Object.fromEntries(PERMISSION_COLUMNS.map((c) => [c, on])) as AreaPermission;
  return { ...p, areas: { ...p.areas, [area]: all } };
}

export { AREAS };
