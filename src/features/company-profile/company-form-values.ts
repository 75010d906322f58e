import type { CompanyProfile, UpdateCompanyProfile } from '#contract/company.ts';
import { updateCompanyProfileRequest } from '#contract/company.ts';

export const COMPANY_FIELDS = [
  'name',
  'address',
  'province',
  'country',
  'phone',
  'contactEmail',
  'contactPerson',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type CompanyValues = Record<CompanyField, string>;

export const valuesOf = (p: CompanyProfile): CompanyValues =>
  Object.fromEntries(COMPANY_FIELDS.map((f) => [f, p[f]])) as CompanyValues;

/** Field -> first contract message (English; translate for display), or the parsed request. */
export function checkCompany(
  values: CompanyValues,
): { ok: true; body: UpdateCompanyProfile } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = updateCompanyProfileRequest.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}
