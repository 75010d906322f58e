/** A report's cell: Date cells stay dates and numbers stay numbers, so Excel sorts and sums them. */
export type ReportCell = string | number | Date | null;

type Xlsx = typeof import('@e965/xlsx');

/** Excel number formats by column index, for the figures below the header (e.g. a duration). */
export type ColumnFormats = Readonly<Record<number, string>>;

/**
 * The workbook of a report's sheet: lines naming the report and its filters, a blank line, the
 * header, then the rows. Columns are as wide as the header's words.
 */
export function reportWorkbook(
  XLSX: Xlsx,
  table: ReportCell[][],
  sheetName = 'Report',
  formats?: ColumnFormats,
) {
  const sheet = XLSX.utils.aoa_to_sheet(table, { cellDates: true, dateNF: 'yyyy-mm-dd hh:mm' });
  const headerAt = table.findIndex((line) => line.length === 0) + 1;
  const header = table[headerAt] ?? [];
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(12, String(h ?? '').length + 2) }));
  for (const [column, format] of Object.entries(formats ?? {})) {
    for (let r = headerAt + 1; r < table.length; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c: Number(column) })];
      if (cell?.t === 'n') cell.z = format;
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return book;
}

/** Builds and downloads the workbook; SheetJS loads only now, never with the page. */
export async function downloadReport(fileName: string, table: ReportCell[][], formats?: ColumnFormats) {
  const XLSX = await import('@e965/xlsx');
  XLSX.writeFile(reportWorkbook(XLSX, table, 'Report', formats), fileName);
}
