/**
 * Console locales (Lingui catalogs) and the API's language codes, spec section 1. No zod here: the
 * light sign-in page imports this file (the schema of the codes is in auth.ts).
 */
export const LOCALES = ['en', 'th', 'vi', 'my', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'th';

export const API_LANGUAGES = ['en', 'th', 'vn', 'mm', 'cn'] as const;
export type ApiLanguage = (typeof API_LANGUAGES)[number];

const toApi: Record<Locale, ApiLanguage> = { en: 'en', th: 'th', vi: 'vn', my: 'mm', zh: 'cn' };
const fromApi: Record<ApiLanguage, Locale> = { en: 'en', th: 'th', vn: 'vi', mm: 'my', cn: 'zh' };

export const localeToApi = (locale: Locale): ApiLanguage => toApi[locale];
export const apiToLocale = (code: ApiLanguage): Locale => fromApi[code];

/** Accepts either form (`vi` or `vn`), as a `db_locale` query may carry either. */
export function parseLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase();
  if ((LOCALES as readonly string[]).includes(v)) return v as Locale;
  if ((API_LANGUAGES as readonly string[]).includes(v)) return fromApi[v as ApiLanguage];
  return undefined;
}
