import { Box, Card, chakra, Flex, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** One column of a server-paged report: its header, how a row shows in it, and its role. */
export type ReportColumn<R> = {
  id: string;
  header: string;
  render: (row: R) => ReactNode;
  numeric?: boolean;
  /** The column naming the row (employee, course, title): never cut, the card's title on a phone. */
  key?: boolean;
  sortable?: boolean;
};

export type ReportSort = { field: string; order: 'asc' | 'desc' };

const ariaSort = (sort: ReportSort, id: string) =>
  sort.field === id ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';

/** Clicking the sorted column flips it; another column starts high-first for figures, A-Z for words. */
export const nextSort = (sort: ReportSort, column: { id: string; numeric?: boolean }): ReportSort =>
  sort.field === column.id
    ? { field: column.id, order: sort.order === 'asc' ? 'desc' : 'asc' }
    : { field: column.id, order: column.numeric ? 'desc' : 'asc' };

const SortButton = chakra('button', {
  base: {
    display: 'inline-flex',
    gap: '1',
    alignItems: 'center',
    fontWeight: 'inherit',
    cursor: 'pointer',
    rounded: 'sm',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
});

/**
 * The report's table: sortable headers (buttons inside the header cells, so Tab and Enter sort,
 * with aria-sort on the cell), the key column kept whole, and a totals line when there is one.
 */
export function ReportTable<R>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  totals,
}: {
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  sort: ReportSort;
  onSort: (next: ReportSort) => void;
  /** Figures of the totals line by column id (over every filtered row, not just this page). */
  totals?: Record<string, ReactNode> | null;
}) {
  const { t } = useLingui();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader
                key={c.id}
                textAlign={c.numeric ? 'end' : 'start'}
                whiteSpace={c.key ? 'nowrap' : undefined}
                aria-sort={c.sortable ? ariaSort(sort, c.id) : undefined}
              >
                {c.sortable ? (
                  <SortButton type="button" onClick={() => onSort(nextSort(sort, c))}>
                    {c.header}
                    <Text as="span" aria-hidden="true" color="fg.muted" fontSize="xs">
                      {sort.field === c.id ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                    </Text>
                  </SortButton>
                ) : (
                  c.header
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={rowKey(r)} data-testid="report-row">
              {columns.map((c) => (
                <Table.Cell
                  key={c.id}
                  textAlign={c.numeric ? 'end' : 'start'}
                  whiteSpace={c.key || c.numeric ? 'nowrap' : undefined}
                  fontWeight={c.key ? 'medium' : undefined}
                  fontVariantNumeric={c.numeric ? 'tabular-nums' : undefined}
                >
                  {c.render(r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
        {totals && (
          <Table.Footer>
            <Table.Row data-testid="report-totals" fontWeight="semibold">
              {columns.map((c, i) => (
                <Table.Cell key={c.id} textAlign={c.numeric ? 'end' : 'start'} whiteSpace="nowrap">
                  {i === 0 ? t`Total` : (totals[c.id] ?? '')}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Footer>
        )}
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Below 430 px: one card per row, the key column as its title and the others as label: value. */
export function ReportCards<R>({
  columns,
  rows,
  rowKey,
  totals,
}: {
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  totals?: Record<string, ReactNode> | null;
}) {
  const keyColumns = columns.filter((c) => c.key);
  const rest = columns.filter((c) => !c.key);
  return (
    <Stack gap="3">
      {totals && (
        <Card.Root size="sm" variant="subtle" data-testid="report-totals">
          <Card.Body gap="1">
            <Text fontWeight="semibold">
              <Trans>Total</Trans>
            </Text>
            {columns
              .filter((c) => totals[c.id] !== undefined)
              .map((c) => (
                <Flex key={c.id} justify="space-between" gap="2" fontSize="sm">
                  <Text color="fg.muted">{c.header}</Text>
                  <Text fontWeight="medium">{totals[c.id]}</Text>
                </Flex>
              ))}
          </Card.Body>
        </Card.Root>
      )}
      {rows.map((r) => (
        <Card.Root key={rowKey(r)} size="sm" data-testid="report-card">
          <Card.Body gap="1">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {keyColumns.map((c, i) => (
                <Box as="span" key={c.id} color={i > 0 ? 'fg.muted' : undefined}>
                  {i > 0 && ' '}
                  {c.render(r)}
                </Box>
              ))}
            </Text>
            <Box as="dl" fontSize="sm">
              {rest.map((c) => (
                <Flex key={c.id} justify="space-between" gap="2" align="baseline">
                  <Text as="dt" color="fg.muted" flexShrink={0}>
                    {c.header}
                  </Text>
                  <Text as="dd" textAlign="end" overflowWrap="anywhere">
                    {c.render(r)}
                  </Text>
                </Flex>
              ))}
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** Rows still loading: grey bars in the table's place. */
export function ReportSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="2" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h="9" />
      ))}
    </Stack>
  );
}
