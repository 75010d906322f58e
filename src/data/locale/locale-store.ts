import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale, parseLocale } from '#contract/languages.ts';
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

/** Loads the catalog on demand (one chunk per language) and switches the whole UI to it. */
export async function activateLocale(locale: Locale = DEFAULT_LOCALE) {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages: messages as typeof i18n.messages });
  document.documentElement.lang = locale;
  // The language's fonts and manual are cached on its first use, while the network is there.
  void cacheForOffline({ locale });
}
