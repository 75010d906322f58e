import type { LocalRow } from '@/data/db/local-types';

export type RowSort = { field: string; dir: 'asc' | 'desc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: unknown, b: unknown) {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/**
 * The comparison for one sort field over these rows. Dates and times are ISO strings of one width,
 * whose text order is their time order and the collator's order too, so they skip the collator
 * (a 10,000-row list sorts several times faster).
 */
function comparerFor(rows: readonly LocalRow[], field: string) {
  const plain = rows.every(
    (r) => r[field] == null || (typeof r[field] === 'string' && ISO_DATE.test(r[field])),
  );
  if (!plain) return compare;
  return (a: unknown, b: unknown) => {
    const x = String(a ?? '');
    const y = String(b ?? '');
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/**
 * Sorts `rows` in place (stable) and returns them. A list sorts its rows at every start; rows that
 * come already in this order (a table's snapshot is kept in its resource's default order,
 * table-snapshots.ts) sort in one pass instead of about 14 comparisons a row.
 */
export function sortRows(rows: LocalRow[], sort: RowSort): LocalRow[] {
  const sign = sort.dir === 'desc' ? -1 : 1;
  const by = comparerFor(rows, sort.field);
  return rows.sort((a, b) => sign * by(a[sort.field], b[sort.field]));
}
