import { apiToLocale, DEFAULT_LOCALE, type Locale, parseLocale } from '#contract/languages.ts';
import { getStoredLocale, storeLocale } from '@/data/locale/locale-store';
import { getSession } from '@/data/session/session-store';

/** `?db_locale=` wins (and is remembered), then this device's choice, then the session's, then English. */
export function startLocale(search: string): Locale {
  const fromQuery = parseLocale(new URLSearchParams(search).get('db_locale'));
  if (fromQuery) {
    storeLocale(fromQuery);
    return fromQuery;
  }
  const session = getSession();
  return getStoredLocale() ?? (session ? apiToLocale(session.language) : DEFAULT_LOCALE);
}
