import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/**
 * Shown until dismissed once on this device; the flag survives sign-out. It sits in the page
 * flow above everything, so it never covers a control on a small screen. Plain elements styled by
 * class (cookie-notice-styles.ts, in the main stylesheet).
 */
export function CookieNotice() {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(STORAGE_KEYS.cookieNotice) === '1');
  if (dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(STORAGE_KEYS.cookieNotice, '1');
    setDismissed(true);
  };
  return (
    <section className="lac-cookie-notice" aria-label={t`Cookie and privacy notice`}>
      <div>
        <p>
          <Trans>
            We use only the cookies and device storage needed to sign you in, remember your language and let
            the console work offline. We do not use tracking or advertising cookies.
          </Trans>
        </p>
        <button type="button" onClick={dismiss}>
          <Trans>Got it</Trans>
        </button>
      </div>
    </section>
  );
}
