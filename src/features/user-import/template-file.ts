import { utils, write } from '@e965/xlsx';
import { EXAMPLE_ROW, IMPORT_COLUMNS } from './import-columns.ts';

/** The import template: the header row and one example row, as .xlsx bytes. */
export function templateBytes(): Uint8Array {
  const sheet = utils.aoa_to_sheet([IMPORT_COLUMNS.map((c) => c.header), EXAMPLE_ROW]);
  // Text cells, so Excel keeps the leading zero of telephone numbers and employee IDs.
  sheet['!cols'] = IMPORT_COLUMNS.map(() => ({ wch: 16 }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Users');
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

export function downloadTemplate() {
  const blob = new Blob([templateBytes() as BlobPart], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'user-import-template.xlsx';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
