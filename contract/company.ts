import { z } from 'zod';
import { phoneSchema } from './resources/user.ts';

/** Company profile (spec section 3). The code is read-only: everyone signs in with it. */
export const companyProfile = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  address: z.string(),
  province: z.string(),
  country: z.string(),
  phone: z.string(),
  contactEmail: z.string(),
  contactPerson: z.string(),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

export const CODE_READ_ONLY_MESSAGE =
  'The company code cannot be changed: everyone signs in with it. Contact support to change it.';

/** Optional; when sent it must be the caller's own company (403 otherwise). */
const companyID = z.string().optional();

export const updateCompanyProfileRequest = z.object({
  companyID,
  name: text(200).min(1, 'Please enter the company name.'),
  /** Optional; when sent it must equal the current code (case aside). */
  code: z.string().trim().optional(),
  address: text(500),
  province: text(100),
  country: text(100),
  phone: phoneSchema,
  contactEmail: z.email('Please enter a valid e-mail address.').max(200),
  contactPerson: text(200),
});
export type UpdateCompanyProfile = z.infer<typeof updateCompanyProfileRequest>;

export const getCompanyProfileRequest = z.object({ companyID });
