import { utils, write } from '@e965/xlsx';
import { v4 } from 'uuid';
import {
  MAX_OPTIONS,
  type QuestionKind,
  type QuizQuestion,
  type QuizSection,
  quizQuestion,
} from '#contract/resources/quiz.ts';

// The sheet of questions, as the template, the import and the export share it: one row per
// question. The headers stay English in every language: they are the file's format.
export const TEMPLATE_OPTIONS = 6;
export const HEADERS = {
  section: 'Section',
  question: 'Question',
  type: 'Type',
  score: 'Score',
  correct: 'Correct',
} as const;
const optionHeader = (n: number) => `Option ${n}`;

const EXAMPLES: string[][] = [
  [
    'Guards',
    'When do you check the machine guards?',
    'single',
    '1',
    'Once a week',
    'Before every shift',
    'Only after a repair',
    '',
    '',
    '',
    '2',
  ],
  [
    'Guards',
    'Which of these are guards?',
    'multiple',
    '2',
    'Fixed covers',
    'Light curtains',
    'Safety shoes',
    '',
    '',
    '',
    '1,2',
  ],
];

export const headerRow = (options = TEMPLATE_OPTIONS) => [
  HEADERS.section,
  HEADERS.question,
  HEADERS.type,
  HEADERS.score,
  ...Array.from({ length: options }, (_, i) => optionHeader(i + 1)),
  HEADERS.correct,
];

/** The rows of the quiz's questions, in the import's format (so an export imports again). */
export function exportRows(sections: readonly QuizSection[]): string[][] {
  const width = Math.max(
    TEMPLATE_OPTIONS,
    ...sections.flatMap((s) => s.questions.map((q) => q.options.length)),
  );
  const rows = sections.flatMap((s) =>
    s.questions.map((q) => [
      s.title,
      q.text,
      q.kind,
      String(q.score),
      ...Array.from({ length: width }, (_, i) => q.options[i]?.text ?? ''),
      q.options.flatMap((o, i) => (o.correct ? [String(i + 1)] : [])).join(','),
    ]),
  );
  return [headerRow(width), ...rows];
}

/** A sheet of rows as .xlsx bytes (text cells, sized columns). */
export function workbookBytes(rows: string[][], sheetName = 'Questions'): Uint8Array {
  const sheet = utils.aoa_to_sheet(rows);
  sheet['!cols'] = rows[0]!.map((_, i) => ({ wch: i === 1 ? 48 : i === 0 ? 18 : 14 }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, sheetName);
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

export const templateBytes = () => workbookBytes([headerRow(), ...EXAMPLES]);

/** Why a row cannot become a question: codes, translated by the page (the worker has no UI). */
export type QuestionReason =
  | { kind: 'question-blank' }
  | { kind: 'type'; value: string }
  | { kind: 'score'; value: string }
  | { kind: 'few-options' }
  | { kind: 'correct-blank' }
  | { kind: 'correct-invalid'; value: string }
  | { kind: 'correct-empty-option'; option: number }
  | { kind: 'single-many' }
  | { kind: 'too-long'; column: 'section' | 'question' | 'option' }
  | { kind: 'contract'; message: string };

export type InvalidQuestionRow = { row: number; reasons: QuestionReason[] };

export type ParsedQuestions =
  | { ok: false; missing: string[] }
  | { ok: true; sections: QuizSection[]; count: number; invalid: InvalidQuestionRow[] };

const LIMITS = { section: 200, question: 2000, option: 500 } as const;

function kindOf(raw: string): QuestionKind | null {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'single' || v === 'single choice') return 'single';
  if (v === 'multiple' || v === 'multiple choice') return 'multiple';
  return null;
}

/** One row as a question, or the reasons it is not one. */
function questionOf(
  cells: (col: number | undefined) => string,
  cols: { question?: number; type?: number; score?: number; correct?: number; options: number[] },
): QuizQuestion | QuestionReason[] {
  const reasons: QuestionReason[] = [];
  const text = cells(cols.question);
  if (!text) reasons.push({ kind: 'question-blank' });
  else if (text.length > LIMITS.question) reasons.push({ kind: 'too-long', column: 'question' });
  const kind = kindOf(cells(cols.type));
  if (!kind) reasons.push({ kind: 'type', value: cells(cols.type) });
  const scoreText = cells(cols.score);
  const score = scoreText === '' ? 1 : Number(scoreText);
  if (!Number.isInteger(score) || score < 1 || score > 1000)
    reasons.push({ kind: 'score', value: scoreText });
  const texts = cols.options.map((c) => cells(c));
  const filled = texts.filter(Boolean);
  if (filled.length < 2) reasons.push({ kind: 'few-options' });
  if (texts.some((o) => o.length > LIMITS.option)) reasons.push({ kind: 'too-long', column: 'option' });
  const correctText = cells(cols.correct);
  const numbers = correctText.split(/[\s,;]+/).filter(Boolean);
  if (!numbers.length) reasons.push({ kind: 'correct-blank' });
  else if (numbers.some((n) => !/^\d+$/.test(n) || Number(n) < 1 || Number(n) > texts.length))
    reasons.push({ kind: 'correct-invalid', value: correctText });
  else {
    const empty = numbers.map(Number).find((n) => !texts[n - 1]);
    if (empty) reasons.push({ kind: 'correct-empty-option', option: empty });
    else if (kind === 'single' && new Set(numbers.map(Number)).size > 1)
      reasons.push({ kind: 'single-many' });
  }
  if (reasons.length) return reasons;
  const correct = new Set(numbers.map(Number));
  // Blank option cells between filled ones are left out; "Correct" counts the columns.
  const options = texts.flatMap((t, i) => (t ? [{ id: v4(), text: t, correct: correct.has(i + 1) }] : []));
  const parsed = quizQuestion.safeParse({ id: v4(), text, kind, score, options });
  if (!parsed.success) return parsed.error.issues.map((i) => ({ kind: 'contract', message: i.message }));
  return parsed.data;
}

/**
 * Pure: the sheet's rows (the first is the header) as sections of questions, rows in order, a
 * section per distinct "Section" text in order of appearance; every row that is no valid question
 * reported with its sheet row number and all its reasons. Blank rows are skipped.
 */
export function parseQuestionRows(rows: string[][], firstRow = 1): ParsedQuestions {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const find = (name: string) => {
    const i = header.indexOf(name.toLowerCase());
    return i < 0 ? undefined : i;
  };
  const options: number[] = [];
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const i = find(optionHeader(n));
    if (i === undefined) break;
    options.push(i);
  }
  const cols = {
    section: find(HEADERS.section),
    question: find(HEADERS.question),
    type: find(HEADERS.type),
    score: find(HEADERS.score),
    correct: find(HEADERS.correct),
    options,
  };
  const missing = [
    ...(cols.question === undefined ? [HEADERS.question] : []),
    ...(options.length < 2 ? [optionHeader(options.length + 1)] : []),
    ...(cols.correct === undefined ? [HEADERS.correct] : []),
  ];
  if (missing.length) return { ok: false, missing };

  const sections = new Map<string, QuizSection>();
  const invalid: InvalidQuestionRow[] = [];
  let count = 0;
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => !c.trim())) return;
    const cell = (col: number | undefined) => (col === undefined ? '' : (cells[col] ?? '').trim());
    const row = firstRow + 1 + i;
    const title = cell(cols.section);
    const result = questionOf(cell, cols);
    const reasons = Array.isArray(result) ? result : [];
    if (title.length > LIMITS.section) reasons.push({ kind: 'too-long', column: 'section' });
    if (reasons.length || Array.isArray(result)) {
      invalid.push({ row, reasons });
      return;
    }
    let section = sections.get(title);
    if (!section) {
      section = { id: v4(), title, questions: [] };
      sections.set(title, section);
    }
    section.questions.push(result);
    count++;
  });
  return { ok: true, sections: [...sections.values()], count, invalid };
}
