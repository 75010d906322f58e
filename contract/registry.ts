import { banner } from './resources/banner.ts';
import { department } from './resources/department.ts';
import { faq } from './resources/faq.ts';
import { feedback } from './resources/feedback.ts';
import { role } from './resources/role.ts';
import { typeOfContent } from './resources/type-of-content.ts';
import { typeOfKnowledge } from './resources/type-of-knowledge.ts';
import { user } from './resources/user.ts';

/** Every resource of the product, keyed by its API name. */
export const RESOURCES = {
  TypeOfContent: typeOfContent,
  TypeOfKnowledge: typeOfKnowledge,
  Banner: banner,
  Faq: faq,
  Feedback: feedback,
  User: user,
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
