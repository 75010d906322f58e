import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { NavLink } from 'react-router';
import type { Permissions } from '#contract/permissions.ts';
import { DRAWER_ITEMS } from '@/app/menu/drawer-items';
import { type VisibleItem, visibleMenu } from '@/app/menu/visible-menu';

type Props = { permissions: Permissions; onNavigate: () => void; onQrContact: () => void };

/** The drawer's groups and items: plain elements styled by class (nav-styles.ts, in the main stylesheet). */
export function NavMenu({ permissions, onNavigate, onQrContact }: Props) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const hint = t`Coming in a later release`;
  const groups = visibleMenu(permissions, { registered: DRAWER_ITEMS });

  const renderItem = (item: VisibleItem) => {
    const label = i18n._(item.label);
    if (item.action === 'navigate' && item.path) {
      return (
        <NavLink className="lac-nav-item" to={item.path} onClick={onNavigate}>
          {label}
        </NavLink>
      );
    }
    if (item.action === 'qr-contact') {
      return (
        <button type="button" className="lac-nav-item" onClick={onQrContact}>
          {label}
        </button>
      );
    }
    return (
      <button type="button" className="lac-nav-item" aria-disabled="true" aria-describedby={hintId}>
        {label}
      </button>
    );
  };

  return (
    <ul className="lac-nav">
      {groups.some((g) => g.items.some((i) => i.action === 'unavailable')) && (
        <li className="lac-nav-hint">
          <Trans>Greyed-out items are coming in a later release.</Trans>
          <span id={hintId} className="lac-sr-only">
            {hint}
          </span>
        </li>
      )}
      {groups.map((group) => (
        <li key={group.id}>
          <p className="lac-nav-heading">{i18n._(group.label)}</p>
          <ul className="lac-nav-items">
            {group.items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
