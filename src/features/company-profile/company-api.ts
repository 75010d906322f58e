import { companyProfile, type UpdateCompanyProfile, updateCompanyProfileRequest } from '#contract/company.ts';
import { apiPost } from '@/data/http/api';

export const companyProfileKey = ['company-profile'] as const;

/** Company profile straight from the API: not a synced resource (one row, online edits only). */
export const getCompanyProfile = (signal?: AbortSignal) =>
  apiPost('/v1/Company/GetProfile', { schema: companyProfile, body: {}, signal });

export const updateCompanyProfile = (body: UpdateCompanyProfile) =>
  apiPost('/v1/Company/UpdateProfile', {
    schema: companyProfile,
    body: updateCompanyProfileRequest.parse(body),
  });
