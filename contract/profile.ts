import { z } from 'zod';
import { GENDERS, PREFIXES } from './constants.ts';

export const userProfile = z.object({
  userID: z.string(),
  employeeID: z.string(),
  prefix: z.enum(PREFIXES).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
  profileImage: z.string().nullable(),
  /**
   * A new address asked for in the profile and not confirmed yet: `email` changes only once the
   * link sent to this address is opened (issue 15).
   */
  pendingEmail: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const getUserProfileQuery = z.object({ userID: z.string().min(1) });

/** employeeID is read-only (spec section 3): accepted for the spec's payload shape, never written. */
export const updateUserProfileRequest = z.object({
  userID: z.string().min(1),
  employeeID: z.string().optional(),
  prefix: z.enum(PREFIXES).nullable(),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.email('Enter a valid e-mail address').max(200),
  gender: z.enum(GENDERS).nullable(),
  profileImage: z.string().max(500).nullable(),
});
export type UpdateUserProfileRequest = z.infer<typeof updateUserProfileRequest>;

export const confirmEmailRequest = z.object({ token: z.string().min(20).max(200) });
export const EMAIL_CONFIRMED = 'Your e-mail address is changed.';
export const EMAIL_LINK_INVALID =
  'This link does not work any more: it was used, replaced by a newer one, or is older than 24 hours. Change the address in your profile again.';
