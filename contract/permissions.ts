import { z } from 'zod';

/** Permission areas of spec section 6, in the spec's order. */
export const AREAS = [
  'library',
  'lessonLearn',
  'course',
  'quiz',
  'community',
  'event',
  'feedback',
  'banner',
  'store',
  'dashboard',
  'userActivity',
  'userView',
  'requestedUser',
  'assignmentReport',
  'userManagement',
  'companyProfile',
  'sendNotification',
  'settingNotification',
  'skillMatrix',
  'isoAccess',
] as const;
export type Area = (typeof AREAS)[number];
export const areaSchema = z.enum(AREAS);

export const ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** One area: `flag` shows the menu item, `view` allows seeing the area, then CRUD. */
export const areaPermissionSchema = z.object({
  flag: z.boolean(),
  view: z.boolean(),
  create: z.boolean(),
  read: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type AreaPermission = z.infer<typeof areaPermissionSchema>;

export const viewTypeSchema = z.enum(['all', 'group']);

export const permissionsSchema = z.object({
  areas: z.object(
    Object.fromEntries(AREAS.map((a) => [a, areaPermissionSchema])) as {
      [K in Area]: typeof areaPermissionSchema;
    },
  ),
  courseAllorGroup: viewTypeSchema,
  quizAllorGroup: viewTypeSchema,
});
export type Permissions = z.infer<typeof permissionsSchema>;

export const NO_ACCESS: AreaPermission = {
  flag: false,
  view: false,
  create: false,
  read: false,
  update: false,
  delete: false,
};
export const FULL_ACCESS: AreaPermission = {
  flag: true,
  view: true,
  create: true,
  read: true,
  update: true,
  delete: true,
};

export function permissionsWith(grant: (area: Area) => AreaPermission): Permissions {
  return {
    areas: Object.fromEntries(AREAS.map((a) => [a, grant(a)])) as Permissions['areas'],
    courseAllorGroup: 'all',
    quizAllorGroup: 'all',
  };
}

/**
 * Areas usable only while another area's flag is also on: the company's ISO access switches the
 * whole training roadmap on or off, whatever the skill-matrix rights say (spec section 6).
 */
const GATED_BY: Partial<Record<Area, Area>> = { skillMatrix: 'isoAccess' };

/** Whether the holder may perform `action` in `area`: the area must be on and the action allowed. */
export function can(p: Permissions | undefined, area: Area, action: Action | 'view' = 'read') {
  const a = p?.areas[area];
  const gate = GATED_BY[area];
  if (gate && !p?.areas[gate].flag) return false;
  return !!a && a.flag && a[action];
}
