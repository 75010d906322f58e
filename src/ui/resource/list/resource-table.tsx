import { useLingui } from '@lingui/react/macro';
import { memo, useMemo } from 'react';
import type { LocalRow, OutboxState } from '@/data/db/local-types';
import { SelectRadio } from '@/ui/resource/fields/select-radio';
import { useKeyColumnWidths } from '@/ui/resource/list/key-column-widths';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { PendingBadge } from '@/ui/resource/list/pending-badge';
import { RowActions } from '@/ui/resource/list/row-actions';
import { RowCell } from '@/ui/resource/list/row-toggle';
import { SortHeader } from '@/ui/resource/list/sort-header';
import { useListBox } from '@/ui/resource/list/use-list-box';
import { useWindowRows } from '@/ui/resource/list/use-window-rows';
import { type AnyView, columnLabel } from '@/ui/resource/view-config';

const ROW_HEIGHT = 56;

function columnsTemplate(view: AnyView, keyWidths: Record<string, number>) {
  return [
    '2.5rem',
    ...view.columns.map((c) => {
      if (keyWidths[c]) return `${keyWidths[c]}px`;
      const kind = view.fields[c]?.widget.kind;
      if (kind === 'image') return '7rem';
      if (kind === 'datetime') return 'minmax(11rem, 1fr)';
      // The title takes the room left, unless the view names other columns as the key ones.
      return c === view.titleField && !view.keyColumns ? 'minmax(0, 2fr)' : 'minmax(0, 1fr)';
    }),
    // Edit and delete, plus the view's own action when it has one.
    view.rowAction || view.rowLinks ? '8.5rem' : '6rem',
  ].join(' ');
}

/** Wide screens, list mode: a table whose rows are virtualized against the window's scroll. */
export const ResourceTable = memo(function ResourceTable(props: RowsProps) {
  const { view, db, rows, pending, selectedId, onSelect, canUpdate, canDelete, onEdit, onDelete, linkOf } =
    props;
  const rowProps = { view, db, onSelect, canUpdate, canDelete, onEdit, onDelete, linkOf };
  const { i18n } = useLingui();
  const box = useListBox<HTMLDivElement>();
  const shown = useWindowRows(rows.length, ROW_HEIGHT, box.top, 6);
  const headings = useMemo(
    () => Object.fromEntries(view.columns.map((c) => [c, i18n._(columnLabel(view, c)!)])),
    [view, i18n],
  );
  const template = columnsTemplate(view, useKeyColumnWidths(view, rows, headings));

  return (
    // Styled by class (list-styles.ts).
    // biome-ignore lint/a11y/useSemanticElements: an ARIA table on divs, as the rows' (see TableRow)
    <div
      role="table"
      aria-label={i18n._(view.title)}
      aria-rowcount={rows.length + 1}
      className="lac-table lac-rows"
    >
      {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: see the table */}
      <div role="rowgroup" className="lac-thead">
        {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: see the table */}
        <div role="row" aria-rowindex={1} className="lac-thead-row" style={{ gridTemplateColumns: template }}>
          {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: see the table */}
          <div role="columnheader" />
          {view.columns.map((field) => (
            <SortHeader key={field} field={field} label={headings[field]!} {...props} />
          ))}
          {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: see the table */}
          <div role="columnheader" />
        </div>
      </div>
      {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: see the table */}
      <div role="rowgroup" ref={box.ref} className="lac-tbody" style={{ height: shown.height }}>
        {shown.rows.map(({ index, y }) => {
          const row = rows[index]!;
          return (
            <TableRow
              key={row.id}
              {...rowProps}
              row={row}
              index={index}
              y={y}
              template={template}
              selected={row.id === selectedId}
              state={pending.get(row.id)}
            />
          );
        })}
      </div>
    </div>
  );
});

type RowProps = Pick<
  RowsProps,
  'view' | 'db' | 'onSelect' | 'canUpdate' | 'canDelete' | 'onEdit' | 'onDelete' | 'linkOf'
> & {
  row: LocalRow;
  index: number;
  y: number;
  template: string;
  selected: boolean;
  state: OutboxState | undefined;
};

/**
 * One row, redrawn only when its own props change (not when the search box or another row does);
 * plain elements styled by the table (list-styles.ts).
 */
const TableRow = memo(function TableRow(props: RowProps) {
  const { view, row, index, y, template, selected, state, onSelect } = props;
  const name = String(row[view.titleField] ?? '');
  return (
    // ARIA table parts on divs: rows are absolutely placed in a grid, which <tr>/<td> do not allow.
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: the row's radio is its keyboard way to select
    <div
      role="row"
      className="lac-row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="resource-row"
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${y}px)` }}
      onClick={() => onSelect(row.id)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div role="cell" className="lac-cell" data-align="center">
        <SelectRadio
          group={`select-${view.resource}`}
          name={name}
          checked={selected}
          onSelect={() => onSelect(row.id)}
        />
      </div>
      {view.columns.map((field) => (
        // biome-ignore lint/a11y/useSemanticElements: see the row
        <div key={field} role="cell" className="lac-cell" data-stack="">
          <RowCell {...props} row={row} field={field} name={name} />
          {field === view.titleField && <PendingBadge state={state} size="sm" />}
        </div>
      ))}
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div role="cell" className="lac-cell" data-align="end">
        <RowActions {...props} row={row} name={name} />
      </div>
    </div>
  );
});
