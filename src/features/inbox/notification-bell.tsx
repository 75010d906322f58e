import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/inbox/use-unread-count';
import { BellGlyph } from '@/ui/icons';

export function NotificationBell() {
  const { t, i18n } = useLingui();
  const unread = useUnreadCount().data ?? 0;
  const count = unread > 99 ? `${i18n.number(99)}+` : i18n.number(unread);
  const label = unread > 0 ? t`Notifications, ${count} unread` : t`Notifications`;
  // Plain elements styled by the top bar (app/layout/top-bar-styles.ts).
  return (
    <span className="lac-top-bell">
      <Link to="/inbox" className="lac-top-icon" aria-label={label} title={label}>
        <BellGlyph />
      </Link>
      {unread > 0 && (
        <span className="lac-top-unread" data-testid="unread-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </span>
  );
}
