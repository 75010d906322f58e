import { useLingui } from '@lingui/react/macro';
import type { SessionData } from '#contract/auth.ts';
import { AccountMenu } from '@/app/layout/account-menu';
import { LanguageButton } from '@/app/layout/language-button';
import { NotificationBell } from '@/features/inbox/notification-bell';
import { SyncIndicator } from '@/features/sync/sync-indicator';
import { BookGlyph, MenuGlyph } from '@/ui/icons';

/** A configured manual wins; otherwise the manual shipped in public/manual/ for the active locale. */
const configuredManualUrl: string | undefined = import.meta.env.VITE_MANUAL_URL || undefined;

type Props = {
  session: SessionData;
  narrow: boolean;
  onMenu: () => void;
  onAccount: (action: 'profile' | 'password' | 'sign-out') => void;
};

/** Plain elements styled by class (top-bar-styles.ts, in the main stylesheet). */
export function TopBar({ session, narrow, onMenu, onAccount }: Props) {
  const { t, i18n } = useLingui();
  const manualUrl = configuredManualUrl ?? `/manual/${i18n.locale}.html`;
  return (
    <header className="lac-top-bar">
      {narrow && (
        <button
          type="button"
          className="lac-top-icon"
          aria-label={t`Open menu`}
          data-testid="menu-toggle"
          onClick={onMenu}
        >
          <MenuGlyph />
        </button>
      )}
      <p className="lac-top-name" data-testid="company-name" title={session.companyName}>
        {session.companyName}
      </p>
      <div className="lac-top-tools">
        <SyncIndicator compact={narrow} />
        <a
          className="lac-top-icon"
          href={manualUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="manual-link"
          aria-label={t`User manual (opens in a new tab)`}
        >
          <BookGlyph />
        </a>
        <NotificationBell />
        <LanguageButton compact={narrow} />
        <AccountMenu session={session} onSelect={onAccount} />
      </div>
    </header>
  );
}
