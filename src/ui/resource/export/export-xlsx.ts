import type { I18n } from '@lingui/core';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { refLabel } from '@/ui/resource/fields/ref-select';
import { todayLocal } from '@/ui/resource/form/date-values';
import { displayText } from '@/ui/resource/list/display-text';
import type { AnyView } from '@/ui/resource/view-config';

export const exportFileName = (resource: ResourceName, now = new Date()) =>
  `${resource}-${todayLocal(now)}.xlsx`;

const exportColumns = (view: AnyView) => RESOURCES[view.resource].exportColumns as readonly string[];

/** Names of referenced records (a user's department, role…) by column, then by id. */
export type RefLabels = Readonly<Record<string, ReadonlyMap<string, string>>>;

/** Reads the local rows every reference column of the export points at, once per column. */
export async function loadRefLabels(db: LocalDb, view: AnyView): Promise<RefLabels> {
  const labels: Record<string, Map<string, string>> = {};
  for (const column of exportColumns(view)) {
    const widget = view.fields[column]?.widget;
    if (widget?.kind !== 'ref' && widget?.kind !== 'refs') continue;
    const rows = await db.rows(widget.resource).toArray();
    labels[column] = new Map(rows.map((r) => [r.id, refLabel(r, widget.labelFields)]));
  }
  return labels;
}

/**
 * The export's table: translated headers of the contract's export columns, values as people
 * read them (a reference as its record's name, never its id; a deleted one as blank).
 */
export function exportTable(
  i18n: I18n,
  view: AnyView,
  rows: readonly LocalRow[],
  refs: RefLabels = {},
): string[][] {
  const columns = exportColumns(view);
  const header = columns.map((c) => (view.fields[c] ? i18n._(view.fields[c].label) : c));
  const cell = (row: LocalRow, c: string) => {
    const names = refs[c];
    if (!names) return displayText(i18n, view, c, row[c]);
    const value = row[c];
    if (Array.isArray(value))
      return value
        .map((id) => names.get(String(id)) ?? '')
        .filter(Boolean)
        .join(', ');
    return value ? (names.get(String(value)) ?? '') : '';
  };
  return [header, ...rows.map((row) => columns.map((c) => cell(row, c)))];
}

/** Builds and downloads the workbook; SheetJS loads only now, never with the page. */
export async function exportXlsx(
  i18n: I18n,
  db: LocalDb,
  view: AnyView,
  rows: readonly LocalRow[],
  now = new Date(),
) {
  const [XLSX, refs] = await Promise.all([import('@e965/xlsx'), loadRefLabels(db, view)]);
  const table = exportTable(i18n, view, rows, refs);
  const sheet = XLSX.utils.aoa_to_sheet(table);
  sheet['!cols'] = table[0]!.map((_, i) => ({
    wch: Math.min(60, Math.max(10, ...table.slice(0, 200).map((r) => (r[i] ?? '').length))),
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, view.resource.slice(0, 31));
  XLSX.writeFile(book, exportFileName(view.resource, now));
}
