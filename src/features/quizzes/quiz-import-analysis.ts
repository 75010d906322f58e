import { checkFile, type FileProblem, readRows } from '@/ui/xlsx/read-workbook';
import { type ParsedQuestions, parseQuestionRows } from './quiz-xlsx';

export type QuestionFileRequest = { name: string; bytes: ArrayBuffer };
export type QuestionFileResult = { ok: false; problem: FileProblem } | ParsedQuestions;

/** Pure: the file's checks, the SheetJS parse and the rows as questions (what the worker runs). */
export function analyseQuestionFile(req: QuestionFileRequest): QuestionFileResult {
  const bytes = new Uint8Array(req.bytes);
  const problem = checkFile(req.name, bytes);
  if (problem) return { ok: false, problem };
  const sheet = readRows(bytes);
  if (typeof sheet === 'string') return { ok: false, problem: sheet };
  return parseQuestionRows(sheet.rows, sheet.firstRow);
}
