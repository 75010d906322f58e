import { read, utils } from '@e965/xlsx';

export type FileProblem = 'extension' | 'signature' | 'unreadable' | 'empty';

const XLSX_SIGNATURE = [0x50, 0x4b]; // zip "PK"
const XLS_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0]; // OLE compound file

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** Spec section 5: .xlsx or .xls only, and the content must really be one (not a renamed CSV). */
export function checkFile(name: string, bytes: Uint8Array): FileProblem | null {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'xlsx') return startsWith(bytes, XLSX_SIGNATURE) ? null : 'signature';
  if (ext === 'xls') return startsWith(bytes, XLS_SIGNATURE) ? null : 'signature';
  return 'extension';
}

export interface SheetRows {
  rows: string[][];
  /** Sheet row number (1-based) of rows[0], so reported row numbers match what Excel shows. */
  firstRow: number;
}

/** First sheet as rows of trimmed strings (formatted text, so phone numbers keep their digits). */
export function readRows(bytes: Uint8Array): SheetRows | FileProblem {
  let rows: unknown[][];
  let firstRow = 1;
  try {
    const book = read(bytes, { type: 'array', dense: true, cellHTML: false, cellStyles: false });
    const first = book.SheetNames[0];
    const sheet = first ? book.Sheets[first] : undefined;
    if (!sheet) return 'empty';
    firstRow = utils.decode_range(sheet['!ref'] ?? 'A1').s.r + 1;
    rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  } catch {
    return 'unreadable';
  }
  if (rows.length === 0) return 'empty';
  return { rows: rows.map((r) => r.map((c) => String(c ?? '').trim())), firstRow };
}
