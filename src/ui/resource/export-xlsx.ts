import type { I18n } from '@lingui/core';
import type { LocalRow } from '@/data/local-types';
import { todayLocal } from '@/ui/resource/date-values';
import { displayText } from '@/ui/resource/display-text';
import type { AnyView } from '@/ui/resource/view-config';
import { RESOURCES, type ResourceName } from '../../../contract/registry.ts';

export const exportFileName = (resource: ResourceName, now = new Date()) =>
  `${resource}-${todayLocal(now)}.xlsx`;

/** The export's table: translated headers of the contract's export columns, values as people read them. */
export function exportTable(i18n: I18n, view: AnyView, rows: readonly LocalRow[]): string[][] {
  const columns = RESOURCES[view.resource].exportColumns as readonly string[];
  const header = columns.map((c) => (view.fields[c] ? i18n._(view.fields[c].label) : c));
  return [header, ...rows.map((row) => columns.map((c) => displayText(i18n, view, c, row[c])))];
}

/** Builds and downloads the workbook; SheetJS loads only now, never with the page. */
export async function exportXlsx(i18n: I18n, view: AnyView, rows: readonly LocalRow[], now = new Date()) {
  const XLSX = await import('@e965/xlsx');
  const table = exportTable(i18n, view, rows);
  const sheet = XLSX.utils.aoa_to_sheet(table);
  sheet['!cols'] = table[0]!.map((_, i) => ({
    wch: Math.min(60, Math.max(10, ...table.slice(0, 200).map((r) => (r[i] ?? '').length))),
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, view.resource.slice(0, 31));
  XLSX.writeFile(book, exportFileName(view.resource, now));
}
