import { z } from 'zod';

/** `data` of a 422 (STATUS.validation): one entry per wrong field, `path` dotted ("items.0.name"). */
export const validationErrorData = z.object({
  fields: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationErrorData = z.infer<typeof validationErrorData>;

/** `data` of a 423 (STATUS.locked) from Login/Login: when sign-in opens again (ISO date-time). */
export const lockedData = z.object({ lockedUntil: z.string() });
export type LockedData = z.infer<typeof lockedData>;
