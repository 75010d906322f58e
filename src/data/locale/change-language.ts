import { z } from 'zod';
import { updateLanguageRequest } from '#contract/auth.ts';
import { type Locale, localeToApi } from '#contract/languages.ts';
import { apiPost } from '@/data/http/api';
import { activateLocale, storeLocale } from '@/data/locale/locale-store';
import { getSession, updateSession } from '@/data/session/session-store';

/**
 * Switches the UI now, keeps the choice on this device, and, when signed in, saves it on the
 * server (best effort: offline the local choice still applies).
 */
export async function changeLanguage(locale: Locale) {
  storeLocale(locale);
  await activateLocale(locale);
  const session = getSession();
  if (!session) return;
  const language = localeToApi(locale);
  updateSession({ language });
  try {
    await apiPost('/v1/User/UpdateLanguage', {
      schema: z.unknown(),
      body: updateLanguageRequest.parse({ userID: session.userID, language }),
    });
  } catch {
    // Saved locally; the server learns the choice next time the user picks a language online.
  }
}
