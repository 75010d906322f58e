import type { CompanyProfile } from '#contract/company.ts';

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
