import { registerSW } from 'virtual:pwa-register';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { withBuiltGlobalCss } from '@/app/built-global-css';
import { CookieNotice } from '@/app/cookie-notice';
import { signInSystem } from '@/app/sign-in-theme';
import { LoginPage } from '@/features/auth/login-page';

const providedSystem = withBuiltGlobalCss(signInSystem);

/**
 * The light sign-in entry (issue 14): /login without a session renders from here, with its own
 * small Chakra system and none of the console's router, data layer, query cache or zod. Once
 * signed in, `openConsole` loads the console into the same root; `prepareConsole` preloads its
 * code before that, while the admin types.
 */
export function startSignIn(
  root: Root,
  { openConsole, prepareConsole }: { openConsole: () => Promise<void>; prepareConsole: () => void },
) {
  // Installs the service worker from the first visit, so the console works offline after sign-in.
  registerSW({ immediate: true });
  root.render(
    <StrictMode>
      <ChakraProvider value={providedSystem}>
        <I18nProvider i18n={i18n}>
          <CookieNotice />
          <LoginPage onSignedIn={() => void openConsole()} prepareConsole={prepareConsole} />
        </I18nProvider>
      </ChakraProvider>
    </StrictMode>,
  );
}
