import { Box, Flex, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { SelectRadio } from '@/ui/resource/fields/select-radio';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { PendingBadge } from '@/ui/resource/list/pending-badge';
import { RowActions } from '@/ui/resource/list/row-actions';
import { RowCell } from '@/ui/resource/list/row-toggle';
import { SortHeader } from '@/ui/resource/list/sort-header';
import { useListBox } from '@/ui/resource/list/use-list-box';

const ROW_HEIGHT = 56;

/** Wide screens, list mode: a table whose rows are virtualized against the window's scroll. */
export function ResourceTable(props: RowsProps) {
  const { view, rows, pending, selectedId, onSelect } = props;
  const { i18n } = useLingui();
  const box = useListBox<HTMLDivElement>();
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: box.top,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const template = [
    '2.5rem',
    ...view.columns.map((c) => {
      const kind = view.fields[c]?.widget.kind;
      if (kind === 'image') return '7rem';
      if (kind === 'datetime') return 'minmax(11rem, 1fr)';
      return c === view.titleField ? 'minmax(0, 2fr)' : 'minmax(0, 1fr)';
    }),
    // Edit and delete, plus the view's own action when it has one.
    view.rowAction || view.rowLinks ? '8.5rem' : '6rem',
  ].join(' ');
  const cell = {
    role: 'cell',
    px: '3',
    display: 'flex',
    alignItems: 'center',
    minW: '0',
    fontSize: 'sm',
  } as const;

  return (
    <Box
      role="table"
      aria-label={i18n._(view.title)}
      aria-rowcount={rows.length + 1}
      bg="bg"
      borderWidth="1px"
      rounded="md"
    >
      <Box role="rowgroup" position="sticky" top="14" zIndex="1" bg="bg.muted" roundedTop="md">
        <Box role="row" aria-rowindex={1} display="grid" gridTemplateColumns={template} h="11" fontSize="sm">
          <Box role="columnheader" />
          {view.columns.map((field) => (
            <SortHeader key={field} field={field} label={i18n._(view.fields[field]!.label)} {...props} />
          ))}
          <Box role="columnheader" />
        </Box>
      </Box>
      <Box role="rowgroup" ref={box.ref} position="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const name = String(row[view.titleField] ?? '');
          const selected = row.id === selectedId;
          return (
            <Box
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected}
              data-testid="resource-row"
              display="grid"
              gridTemplateColumns={template}
              position="absolute"
              top="0"
              left="0"
              w="full"
              h={`${ROW_HEIGHT}px`}
              borderTopWidth="1px"
              bg={selected ? 'colorPalette.subtle' : undefined}
              _hover={{ bg: selected ? 'colorPalette.subtle' : 'bg.subtle' }}
              cursor="pointer"
              onClick={() => onSelect(row.id)}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <Flex {...cell} justify="center">
                <SelectRadio
                  group={`select-${view.resource}`}
                  name={name}
                  checked={selected}
                  onSelect={() => onSelect(row.id)}
                />
              </Flex>
              {view.columns.map((field) => (
                <Stack key={field} {...cell} gap="0.5" alignItems="flex-start" justify="center">
                  <RowCell {...props} row={row} field={field} name={name} />
                  {field === view.titleField && <PendingBadge state={pending.get(row.id)} size="sm" />}
                </Stack>
              ))}
              <Flex {...cell} justify="flex-end">
                <RowActions {...props} row={row} name={name} />
              </Flex>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
