import { HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalRow } from '@/data/db/local-types';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { EditIcon, TrashIcon } from '@/ui/resource/resource-icons';

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
  if (!canUpdate && !canDelete && !action) return null;
  return (
    <HStack gap="1" justify="flex-end" onClick={(e) => e.stopPropagation()}>
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
