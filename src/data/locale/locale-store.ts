import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale, parseLocale } from '#contract/languages.ts';
import { loadFontRules } from '@/data/locale/font-rules';
import { cacheForOffline } from '@/data/locale/language-assets';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/** The language picked on this device; kept across sign-out so it works offline. */
export const getStoredLocale = (): Locale | undefined =>
  parseLocale(localStorage.getItem(STORAGE_KEYS.locale));

export const storeLocale = (locale: Locale) => localStorage.setItem(STORAGE_KEYS.locale, locale);

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('#locales/en/messages.po'),
  th: () => import('#locales/th/messages.po'),
  vi: () => import('#locales/vi/messages.po'),
  my: () => import('#locales/my/messages.po'),
  zh: () => import('#locales/zh/messages.po'),
};

const signInLoaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('virtual:sign-in-catalog/en'),
  th: () => import('virtual:sign-in-catalog/th'),
  vi: () => import('virtual:sign-in-catalog/vi'),
  my: () => import('virtual:sign-in-catalog/my'),
  zh: () => import('virtual:sign-in-catalog/zh'),
};

/** The language whose whole catalog is active (not only the sign-in page's part). */
let complete: Locale | null = null;

/** Loads the catalog on demand (one chunk per language) and switches the whole UI to it. */
export async function activateLocale(locale: Locale = DEFAULT_LOCALE) {
  if (i18n.locale === locale && complete === locale) return;
  const [{ messages }] = await Promise.all([loaders[locale](), loadFontRules(locale)]);
  complete = locale;
  i18n.loadAndActivate({ locale, messages: messages as typeof i18n.messages });
  document.documentElement.lang = locale;
  // The language's fonts and manual are cached on its first use, while the network is there.
  void cacheForOffline({ locale });
}

/**
 * The sign-in page's messages only (issue 14: a light /login); the console calls activateLocale,
 * which loads the rest. Never replaces a whole catalog that is already active.
 */
export async function activateSignInLocale(locale: Locale = DEFAULT_LOCALE) {
  if (i18n.locale === locale) return;
  const [{ messages }] = await Promise.all([signInLoaders[locale](), loadFontRules(locale)]);
  complete = null;
  i18n.loadAndActivate({ locale, messages: messages as typeof i18n.messages });
  document.documentElement.lang = locale;
  void cacheForOffline({ locale });
}
