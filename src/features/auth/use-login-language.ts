import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { apiToLocale, type Locale, parseLocale } from '#contract/languages.ts';
import { activateSignInLocale, storeLocale } from '@/data/locale/locale-store';

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
    void activateSignInLocale(locale);
  }, [dbLocale]);

  // Nobody is signed in yet: the choice stays on this device until sign-in.
  const pick = (locale: Locale) => {
    picked.current = true;
    storeLocale(locale);
    void activateSignInLocale(locale);
  };

  /** Resolves once the language is active; the server learns a choice made here in the background. */
  const applyAfterSignIn = async (session: SessionData) => {
    if (picked.current) {
      const locale = i18n.locale as Locale;
      void import('@/data/locale/change-language').then((m) => m.changeLanguage(locale));
      return;
    }
    const locale = apiToLocale(session.language);
    storeLocale(locale);
    await activateSignInLocale(locale);
  };

  return { locale: i18n.locale as Locale, pick, applyAfterSignIn };
}
