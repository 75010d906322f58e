import { RESOURCES } from '#contract/registry.ts';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { SortDownGlyph, SortUpGlyph } from '@/ui/resource/resource-icons';

type Props = Pick<RowsProps, 'view' | 'sort' | 'onSort'> & { field: string; label: string };

/**
 * A column header; sortable columns are buttons (Enter/Space) and announce their order (aria-sort).
 * Plain elements styled by class (list-styles.ts, in the main stylesheet).
 */
export function SortHeader({ view, sort, onSort, field, label }: Props) {
  const sortable = (RESOURCES[view.resource].sortable as readonly string[]).includes(field);
  const active = sort.field === field;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined;
  return (
    // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: an ARIA table on divs (resource-table.tsx)
    <div role="columnheader" aria-sort={ariaSort} className="lac-th">
      {sortable ? (
        <button type="button" className="lac-sort" onClick={() => onSort(field)}>
          {label}
          {active && (sort.dir === 'asc' ? <SortUpGlyph /> : <SortDownGlyph />)}
        </button>
      ) : (
        <div className="lac-th-text" title={label}>
          {label}
        </div>
      )}
    </div>
  );
}
