import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LocalRow } from '@/data/db/local-types';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { EditGlyph, MoreIcon, TrashGlyph } from '@/ui/resource/resource-icons';

type Props = Pick<RowsProps, 'view' | 'db' | 'canUpdate' | 'canDelete' | 'onEdit' | 'onDelete'> & {
  row: LocalRow;
  name: string;
};

/**
 * The view's own action (a preview) for everyone who reads the list; edit and delete only when
 * the role may (spec section 6: the client hides, the server refuses). The buttons of every row are
 * plain elements styled by the list (`.lac-icon-button` in list-styles.ts).
 */
export function RowActions({ view, db, row, name, canUpdate, canDelete, onEdit, onDelete }: Props) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const action = view.rowAction;
  const links = view.rowLinks?.(row) ?? [];
  if (!canUpdate && !canDelete && !action && !links.length) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only keeps the row's click (select) off its buttons
    <div className="lac-actions" onClick={(e) => e.stopPropagation()}>
      {links.length > 0 && (
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={t`Pages of ${name}`}>
              <MoreIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44">
                {links.map((link) => (
                  <Menu.Item key={link.to} value={link.to} asChild>
                    <RouterLink to={link.to}>{i18n._(link.label)}</RouterLink>
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
      {action && (
        <button
          type="button"
          className="lac-icon-button"
          aria-label={i18n._(action.label(name))}
          onClick={() => setOpen(true)}
        >
          <action.icon />
        </button>
      )}
      {action && open && <action.Dialog db={db} row={row} onClose={() => setOpen(false)} />}
      {canUpdate && (
        <button
          type="button"
          className="lac-icon-button"
          aria-label={t`Edit ${name}`}
          onClick={() => onEdit(row)}
        >
          <EditGlyph />
        </button>
      )}
      {canDelete && (
        <button
          type="button"
          className="lac-icon-button"
          data-danger=""
          aria-label={t`Delete ${name}`}
          onClick={() => onDelete(row)}
        >
          <TrashGlyph />
        </button>
      )}
    </div>
  );
}
