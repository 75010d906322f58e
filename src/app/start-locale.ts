import { DEFAULT_LOCALE, type Locale, parseLocale } from '#contract/languages.ts';
import { getStoredLocale, storeLocale } from '@/data/locale/locale-store';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/** The stored session's language, read without session-store (and its zod) to keep start-up light. */
function sessionLocale(): Locale | undefined {
  try {
    const language = (
      JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null') as { language?: unknown } | null
    )?.language;
    return typeof language === 'string' ? parseLocale(language) : undefined;
  } catch {
    return undefined;
  }
}

/** `?db_locale=` wins (and is remembered), then this device's choice, then the session's, then English. */
export function startLocale(search: string): Locale {
  const fromQuery = parseLocale(new URLSearchParams(search).get('db_locale'));
  if (fromQuery) {
    storeLocale(fromQuery);
    return fromQuery;
  }
  return getStoredLocale() ?? sessionLocale() ?? DEFAULT_LOCALE;
}
