import { Button, Card, Flex, Heading, Skeleton, Table, VisuallyHidden } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Component, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { ChartProps } from './dashboard-charts';

const DashboardChart = lazy(() => import('./dashboard-charts'));

/** Offline before the chart code was ever stored, the chart cannot load: the table stands in. */
class ChartFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export type WidgetTable = { head: string[]; rows: (string | number)[][]; numeric?: number[] };

/**
 * One widget: its chart (drawn by nivo once loaded), the same figures as a table (hidden but read
 * by screen readers, or shown instead of the chart with "Show as table"), and anything under it.
 */
export function ChartWidget({
  title,
  chart,
  table,
  height = 240,
  testId,
  children,
}: {
  title: string;
  chart: ChartProps | null;
  table: WidgetTable;
  height?: number;
  testId: string;
  children?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const empty = table.rows.length === 0;
  const tableNode = (
    <Table.ScrollArea maxH="80" borderWidth={asTable ? '1px' : undefined} rounded="md">
      <Table.Root size="sm" aria-labelledby={headingId}>
        <Table.Header>
          <Table.Row>
            {table.head.map((h, i) => (
              <Table.ColumnHeader key={h} textAlign={table.numeric?.includes(i) ? 'end' : 'start'}>
                {h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a widget's rows are fixed for its answer
            <Table.Row key={r}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <Table.Cell key={i} textAlign={table.numeric?.includes(i) ? 'end' : 'start'}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
  return (
    <Card.Root size="sm" minW="0" data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="start" gap="2" wrap="wrap">
          <Heading as="h2" size="sm" id={headingId}>
            {title}
          </Heading>
          {!empty && chart && (
            <Button size="xs" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {asTable ? <Trans>Show as chart</Trans> : <Trans>Show as table</Trans>}
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body gap="3" minW="0">
        {empty ? (
          <Trans>No data for this period.</Trans>
        ) : asTable || !chart ? (
          tableNode
        ) : (
          <ChartFallback fallback={tableNode}>
            <div style={{ height, minWidth: 0 }} aria-hidden="true" data-testid="chart">
              <Suspense fallback={<Skeleton h="full" />}>
                <DashboardChart {...chart} />
              </Suspense>
            </div>
            <VisuallyHidden>{tableNode}</VisuallyHidden>
          </ChartFallback>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
