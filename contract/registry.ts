import { z } from 'zod';
import { banner } from './resources/banner.ts';
import { department } from './resources/department.ts';
import { faq } from './resources/faq.ts';
import { feedback } from './resources/feedback.ts';
import { typeOfContent, typeOfKnowledge } from './resources/master-data.ts';
import { role } from './resources/role.ts';
import { user } from './resources/user.ts';

/**
 * The console's User: its local create/update check lets the write-only password be left out, so
 * an edit that keeps the password validates (the outbox checks updates with `create`). The form
 * asks for a password on create; the server's User (API_ONLY_RESOURCES, which API_RESOURCES
 * prefers) still requires it.
 */
const localUser = { ...user, create: user.fields.extend({ id: z.uuid() }) };

/** Every resource of the product, keyed by its API name. */
export const RESOURCES = {
  TypeOfContent: typeOfContent,
  TypeOfKnowledge: typeOfKnowledge,
  Banner: banner,
  Faq: faq,
  Feedback: feedback,
  User: localUser,
  Department: department,
  Role: role,
} as const;
export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

/**
 * Resources the API serves (routes, push, pull) but the console does not store yet: they join
 * RESOURCES (with a view each) when their screens are built. User, Department and Role now have
 * screens and are in RESOURCES; they stay listed here for code that still reads them from here.
 */
export const API_ONLY_RESOURCES = { User: user, Department: department, Role: role } as const;
export const API_RESOURCES = { ...RESOURCES, ...API_ONLY_RESOURCES } as const;
export type ApiResourceName = keyof typeof API_RESOURCES;
export const API_RESOURCE_NAMES = Object.keys(API_RESOURCES) as ApiResourceName[];
