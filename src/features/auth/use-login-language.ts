import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { apiToLocale, type Locale, parseLocale } from '#contract/languages.ts';
import { changeLanguage } from '@/data/locale/change-language';
import { activateLocale, storeLocale } from '@/data/locale/locale-store';

/**
 * The language on the login page: `?db_locale=` or the picker set it; after sign-in the
 * session's language applies unless the user chose one here (then the server learns it).
 */
export function useLoginLanguage(dbLocale: string | null) {
  const { i18n } = useLingui();
  const picked = useRef(false);

  useEffect(() => {
    const locale = parseLocale(dbLocale);
    if (!locale) return;
    picked.current = true;
    storeLocale(locale);
    void activateLocale(locale);
  }, [dbLocale]);

  const pick = (locale: Locale) => {
    picked.current = true;
    void changeLanguage(locale);
  };

  const applyAfterSignIn = (session: SessionData) => {
    if (picked.current) {
      void changeLanguage(i18n.locale as Locale);
      return;
    }
    const locale = apiToLocale(session.language);
    storeLocale(locale);
    void activateLocale(locale);
  };

  return { locale: i18n.locale as Locale, pick, applyAfterSignIn };
}
