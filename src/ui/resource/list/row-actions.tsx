import { HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LocalRow } from '@/data/db/local-types';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { EditIcon, MoreIcon, TrashIcon } from '@/ui/resource/resource-icons';

type Props = Pick<RowsProps, 'view' | 'db' | 'canUpdate' | 'canDelete' | 'onEdit' | 'onDelete'> & {
  row: LocalRow;
  name: string;
};

/**
 * The view's own action (a preview) for everyone who reads the list; edit and delete only when
 * the role may (spec section 6: the client hides, the server refuses).
 */
export function RowActions({ view, db, row, name, canUpdate, canDelete, onEdit, onDelete }: Props) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const action = view.rowAction;
  const links = view.rowLinks?.(row) ?? [];
  if (!canUpdate && !canDelete && !action && !links.length) return null;
  return (
    <HStack gap="1" justify="flex-end" onClick={(e) => e.stopPropagation()}>
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
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={i18n._(action.label(name))}
          onClick={() => setOpen(true)}
        >
          <action.icon />
        </IconButton>
      )}
      {action && open && <action.Dialog db={db} row={row} onClose={() => setOpen(false)} />}
      {canUpdate && (
        <IconButton size="sm" variant="ghost" aria-label={t`Edit ${name}`} onClick={() => onEdit(row)}>
          <EditIcon />
        </IconButton>
      )}
      {canDelete && (
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={t`Delete ${name}`}
          onClick={() => onDelete(row)}
        >
          <TrashIcon />
        </IconButton>
      )}
    </HStack>
  );
}
