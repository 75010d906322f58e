import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-myanmar/400.css';
import '@fontsource/noto-sans-myanmar/600.css';
// Chakra's global CSS, built from the theme (scripts/chakra-global-css.ts): the providers leave it out.
import 'virtual:chakra-global.css';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE } from '#contract/languages.ts';
import { prepareConsole } from '@/app/prepare-console';
import { startLocale } from '@/app/start-locale';
import { readListEarly } from '@/data/db/early-list';
import { loadFontRulesLater } from '@/data/locale/font-rules';
import { activateLocale, activateSignInLocale } from '@/data/locale/locale-store';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root');
const root = createRoot(element);

const failed = (e: unknown) => console.error('Could not load the language catalog', e);
/** A language not stored yet on this device, offline: the console starts in English (precached). */
const orEnglish = (activate: typeof activateLocale) => (e: unknown) => {
  failed(e);
  return activate(DEFAULT_LOCALE).catch(failed);
};

/**
 * Leaves /login for where the visitor was going, then loads the console (router first reads it).
 * The database opens, and right after a sign-in the first pull starts, before the console's first
 * render (console-entry.tsx). With `earlyRead` (a start on a list), that render waits briefly for it.
 */
async function openConsole(earlyRead?: Promise<void>) {
  if (window.location.pathname === '/login') {
    const from = new URLSearchParams(window.location.search).get('from');
    window.history.replaceState(null, '', from?.startsWith('/') && !from.startsWith('//') ? from : '/');
  }
  // The catalog is loaded before the first render, so no English flashes before Thai.
  const locale = activateLocale(startLocale(window.location.search)).catch(orEnglish(activateLocale));
  const [{ startConsole }] = await Promise.all([
    import('@/app/console-entry'),
    locale,
    // Never fails the start: a read that went wrong only means no rows in the first render.
    earlyRead &&
      Promise.race([
        earlyRead.catch(() => undefined),
        new Promise((done) => window.setTimeout(done, EARLY_READ_WAIT_MS)),
      ]),
  ]);
  startConsole(root);
}

/**
 * How long the console's first render waits for the list read early (early-list.ts), at most. The
 * read needs the main thread between its steps: rendering the shell meanwhile made the rows come
 * 200 ms later than waiting for them (issue 14). A read slower than this (a cold disk) gives the
 * shell first, with the list's spinner.
 */
const EARLY_READ_WAIT_MS = 400;

// Two entries (issue 14): /login without a session (or with a reset link) is the light sign-in
// page; everything else is the console, whose guard sends a visitor without a session to /login.
const params = new URLSearchParams(window.location.search);
const signedIn = localStorage.getItem(STORAGE_KEYS.session) !== null;
if (window.location.pathname === '/login' && (!signedIn || params.has('reset'))) {
  const locale = activateSignInLocale(startLocale(window.location.search)).catch(
    orEnglish(activateSignInLocale),
  );
  const [{ startSignIn }] = await Promise.all([import('@/app/sign-in-entry'), locale]);
  startSignIn(root, { openConsole, prepareConsole });
} else {
  await openConsole(readListEarly());
}
loadFontRulesLater();
