import { checkFile, type FileProblem, readRows } from '../../ui/xlsx/read-workbook.ts';
import { type ValidationInput, type ValidationResult, validateRows } from './validate-rows.ts';

export type AnalyseRequest = Omit<ValidationInput, 'rows' | 'firstRow'> & {
  name: string;
  bytes: ArrayBuffer;
};
export type AnalyseResult = { ok: false; problem: FileProblem } | ValidationResult;

/** Pure: file checks, SheetJS parse and row validation; what the worker runs (and the bench). */
export function analyseFile(req: AnalyseRequest): AnalyseResult {
  const bytes = new Uint8Array(req.bytes);
  const problem = checkFile(req.name, bytes);
  if (problem) return { ok: false, problem };
  const sheet = readRows(bytes);
  if (typeof sheet === 'string') return { ok: false, problem: sheet };
  return validateRows({ ...req, rows: sheet.rows, firstRow: sheet.firstRow });
}
