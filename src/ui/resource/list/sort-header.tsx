import { Box, Button } from '@chakra-ui/react';
import { RESOURCES } from '#contract/registry.ts';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { SortDownIcon, SortUpIcon } from '@/ui/resource/resource-icons';

type Props = Pick<RowsProps, 'view' | 'sort' | 'onSort'> & { field: string; label: string };

/** A column header; sortable columns are buttons (Enter/Space) and announce their order (aria-sort). */
export function SortHeader({ view, sort, onSort, field, label }: Props) {
  const sortable = (RESOURCES[view.resource].sortable as readonly string[]).includes(field);
  const active = sort.field === field;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined;
  return (
    <Box
      role="columnheader"
      aria-sort={ariaSort}
      display="flex"
      alignItems="center"
      px="3"
      minW="0"
      fontWeight="semibold"
    >
      {sortable ? (
        <Button variant="ghost" size="xs" px="1" ms="-1" fontWeight="semibold" onClick={() => onSort(field)}>
          {label}
          {active && (sort.dir === 'asc' ? <SortUpIcon /> : <SortDownIcon />)}
        </Button>
      ) : (
        <Box truncate fontSize="xs" title={label}>
          {label}
        </Box>
      )}
    </Box>
  );
}
