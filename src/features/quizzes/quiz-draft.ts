import { v4 } from 'uuid';
import { RESOURCES } from '#contract/registry.ts';
import {
  type QuizOption,
  type QuizQuestion,
  type QuizSection,
  type QuizType,
  quizProblems,
} from '#contract/resources/quiz.ts';

/** The quiz as the builder edits it: the contract's fields (ids made here, kept for good). */
export type QuizDraft = {
  name: string;
  type: QuizType;
  sections: QuizSection[];
  passingScore: number | null;
  randomOrder: boolean;
  timeLimitMinutes: number;
  attemptLimit: number;
  showSelectedAnswers: boolean;
  showCorrectAnswers: boolean;
};

export const newOption = (text = '', correct = false): QuizOption => ({ id: v4(), text, correct });
export const newQuestion = (): QuizQuestion => ({
  id: v4(),
  text: '',
  kind: 'single',
  score: 1,
  options: [newOption(), newOption()],
});
export const newSection = (): QuizSection => ({ id: v4(), title: '', questions: [newQuestion()] });

export const newDraft = (): QuizDraft => ({
  name: '',
  type: 'post',
  sections: [newSection()],
  passingScore: null,
  randomOrder: false,
  timeLimitMinutes: 0,
  attemptLimit: 0,
  showSelectedAnswers: true,
  showCorrectAnswers: false,
});

const KEYS = Object.keys(newDraft()) as (keyof QuizDraft)[];

/** A stored record's fields as a draft (the contract's defaults fill what is missing). */
export function draftOf(row: Record<string, unknown>): QuizDraft {
  const base = newDraft();
  const picked = Object.fromEntries(KEYS.map((k) => [k, row[k] ?? base[k]])) as QuizDraft;
  return { ...picked, sections: structuredClone(picked.sections) };
}

/** Nothing typed in it yet: deleting or replacing it loses nothing. */
export const isBlankQuestion = (q: QuizQuestion) => !q.text.trim() && q.options.every((o) => !o.text.trim());
export const isBlankSection = (s: QuizSection) => !s.title.trim() && s.questions.every(isBlankQuestion);

/** A copy with new ids everywhere (a duplicated question is a question of its own). */
export const copyOption = (o: QuizOption): QuizOption => ({ ...o, id: v4() });
export const copyQuestion = (q: QuizQuestion): QuizQuestion => ({
  ...q,
  id: v4(),
  options: q.options.map(copyOption),
});
export const copySection = (s: QuizSection): QuizSection => ({
  ...s,
  id: v4(),
  questions: s.questions.map(copyQuestion),
});

/** The list with item `from` moved to `to` (both in range; otherwise the same list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The list with a copy of item `i` right after it. */
export const duplicateAt = <T>(list: readonly T[], i: number, copy: (t: T) => T): T[] => [
  ...list.slice(0, i + 1),
  copy(list[i]!),
  ...list.slice(i + 1),
];

/** A single-choice question keeps one correct option: ticking one clears the others. */
export function markCorrect(q: QuizQuestion, optionId: string, correct: boolean): QuizQuestion {
  return {
    ...q,
    options: q.options.map((o) =>
      o.id === optionId ? { ...o, correct } : q.kind === 'single' && correct ? { ...o, correct: false } : o,
    ),
  };
}

/** Path (`sections.0.questions.1.options`) -> the first contract message broken there (English). */
export type DraftErrors = Record<string, string>;

/**
 * Every rule the server applies, before the save: the contract's schema (blank texts, ranges)
 * and `quizProblems` (two options, a correct one...). The schema alone skips the latter while a
 * text is blank, so both run, and the first message of each place is kept.
 */
export function checkDraft(draft: QuizDraft): DraftErrors {
  const errors: DraftErrors = {};
  const parsed = RESOURCES.Quiz.create.safeParse({ ...draft, id: v4() });
  const issues = parsed.success ? [] : parsed.error.issues;
  for (const issue of [...issues, ...quizProblems(draft)]) {
    const key = issue.path.join('.') || 'name';
    errors[key] ??= issue.message;
  }
  return errors;
}

export const sameDraft = (a: QuizDraft, b: QuizDraft) => JSON.stringify(a) === JSON.stringify(b);
