import { describe, expect, it } from 'vitest';
import type { QuizSection } from '#contract/resources/quiz.ts';
import { analyseQuestionFile } from '@/features/quizzes/quiz-import-analysis';
import {
  exportRows,
  headerRow,
  parseQuestionRows,
  templateBytes,
  workbookBytes,
} from '@/features/quizzes/quiz-xlsx';

const asFile = (bytes: Uint8Array, name = 'questions.xlsx') => ({
  name,
  bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
});
const row = (
  cells: Partial<Record<'section' | 'question' | 'type' | 'score' | 'correct', string>>,
  options: string[],
) => [
  cells.section ?? '',
  cells.question ?? '',
  cells.type ?? '',
  cells.score ?? '',
  ...Array.from({ length: 6 }, (_, i) => options[i] ?? ''),
  cells.correct ?? '',
];
/** What the builder keeps of a quiz, without the ids (an import makes new ones). */
const shape = (sections: QuizSection[]) =>
  sections.map((s) => ({
    title: s.title,
    questions: s.questions.map((q) => ({
      text: q.text,
      kind: q.kind,
      score: q.score,
      options: q.options.map((o) => [o.text, o.correct]),
    })),
  }));

describe('quiz questions from .xlsx', () => {
  it('reads the template through SheetJS as two questions of one section', () => {
    const result = analyseQuestionFile(asFile(templateBytes()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.invalid).toEqual([]);
    expect(result.count).toBe(2);
    expect(shape(result.sections)).toEqual([
      {
        title: 'Guards',
        questions: [
          {
            text: 'When do you check the machine guards?',
            kind: 'single',
            score: 1,
            options: [
              ['Once a week', false],
              ['Before every shift', true],
              ['Only after a repair', false],
            ],
          },
          {
            text: 'Which of these are guards?',
            kind: 'multiple',
            score: 2,
            options: [
              ['Fixed covers', true],
              ['Light curtains', true],
              ['Safety shoes', false],
            ],
          },
        ],
      },
    ]);
  });

  it('reports every broken row with its sheet row number and all its reasons, and keeps the good ones', () => {
    const rows = [
      headerRow(),
      row({ section: 'A', question: 'Fine', correct: '1' }, ['Yes', 'No']),
      row({ section: 'A', question: '', correct: '1' }, ['Yes']),
      row({ question: 'Two correct', type: 'single', correct: '1,2' }, ['A', 'B']),
      row({ question: 'Bad type', type: 'many', score: '0', correct: 'x' }, ['A', 'B']),
      row({ question: 'Empty option', correct: '3' }, ['A', 'B']),
      row({ question: 'No correct' }, ['A', 'B']),
      row({}, []),
      row({ section: 'B', question: 'Multiple', type: 'Multiple', score: '3', correct: '1 3' }, [
        'A',
        '',
        'C',
      ]),
    ];
    const result = parseQuestionRows(rows);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toBe(2);
    expect(result.invalid).toEqual([
      { row: 3, reasons: [{ kind: 'question-blank' }, { kind: 'few-options' }] },
      { row: 4, reasons: [{ kind: 'single-many' }] },
      {
        row: 5,
        reasons: [
          { kind: 'type', value: 'many' },
          { kind: 'score', value: '0' },
          { kind: 'correct-invalid', value: 'x' },
        ],
      },
      { row: 6, reasons: [{ kind: 'correct-empty-option', option: 3 }] },
      { row: 7, reasons: [{ kind: 'correct-blank' }] },
    ]);
    // A blank option cell between two filled ones is left out; "Correct" counts the columns.
    expect(shape(result.sections)).toEqual([
      {
        title: 'A',
        questions: [
          {
            text: 'Fine',
            kind: 'single',
            score: 1,
            options: [
              ['Yes', true],
              ['No', false],
            ],
          },
        ],
      },
      {
        title: 'B',
        questions: [
          {
            text: 'Multiple',
            kind: 'multiple',
            score: 3,
            options: [
              ['A', true],
              ['C', true],
            ],
          },
        ],
      },
    ]);
  });

  it('names the columns a file lacks', () => {
    expect(parseQuestionRows([['Section', 'Question', 'Option 1']])).toEqual({
      ok: false,
      missing: ['Option 2', 'Correct'],
    });
  });

  it('refuses a file that is no workbook', () => {
    const csv = new TextEncoder().encode('Question,Option 1\n');
    expect(analyseQuestionFile(asFile(csv, 'questions.csv'))).toEqual({ ok: false, problem: 'extension' });
    expect(analyseQuestionFile(asFile(csv, 'questions.xlsx'))).toEqual({ ok: false, problem: 'signature' });
  });

  it('exports a quiz in the same format, so the file imports back to the same questions', () => {
    const id = () => crypto.randomUUID();
    const sections: QuizSection[] = [
      {
        id: id(),
        title: 'Guards',
        questions: [
          {
            id: id(),
            text: 'Which guard?',
            kind: 'single',
            score: 2,
            options: [
              { id: id(), text: 'Front', correct: true },
              { id: id(), text: 'None', correct: false },
            ],
          },
        ],
      },
      {
        id: id(),
        title: '',
        questions: [
          {
            id: id(),
            text: 'Pick the eight',
            kind: 'multiple',
            score: 5,
            options: Array.from({ length: 8 }, (_, i) => ({
              id: id(),
              text: `O${i + 1}`,
              correct: i % 3 === 0,
            })),
          },
        ],
      },
    ];
    const rows = exportRows(sections);
    expect(rows[0]).toContain('Option 8');
    expect(rows[2]!.at(-1)).toBe('1,4,7');
    const back = analyseQuestionFile(asFile(workbookBytes(rows)));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.invalid).toEqual([]);
    expect(shape(back.sections)).toEqual(shape(sections));
  });
});
