import { HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LocalRow } from '@/data/db/local-types';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { EditIcon, TrashIcon } from '@/ui/resource/resource-icons';

type Props = Pick<RowsProps, 'canUpdate' | 'canDelete' | 'onEdit' | 'onDelete'> & {
  row: LocalRow;
  name: string;
};

/** Edit and delete, each only when the role may (spec section 6: the client hides, the server refuses). */
export function RowActions({ row, name, canUpdate, canDelete, onEdit, onDelete }: Props) {
  const { t } = useLingui();
  if (!canUpdate && !canDelete) return null;
  return (
    <HStack gap="1" justify="flex-end" onClick={(e) => e.stopPropagation()}>
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
