import { z } from 'zod';
import { type UserProfile, updateUserProfileRequest } from '#contract/profile.ts';

/** The editable part of the profile, checked by the contract's own update rules. */
export const profileForm = updateUserProfileRequest
  .pick({ prefix: true, firstName: true, lastName: true, gender: true })
  // A space typed around the address is not a wrong address.
  .extend({ email: z.string().trim().pipe(updateUserProfileRequest.shape.email) });

export type ProfileForm = Pick<UserProfile, 'prefix' | 'firstName' | 'lastName' | 'email' | 'gender'>;

export const profileValues = (p: UserProfile): ProfileForm => ({
  prefix: p.prefix,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  gender: p.gender,
});
