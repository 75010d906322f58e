import { z } from 'zod';
import { defineResource } from '../resource.ts';
import {
  ATTEMPT_LIMIT_RANGE,
  OPTION_TEXT_REQUIRED,
  PASSING_SCORE_ABOVE_TOTAL,
  PASSING_SCORE_RANGE,
  QUESTION_NEEDS_CORRECT,
  QUESTION_NEEDS_TWO_OPTIONS,
  QUESTION_SCORE_RANGE,
  QUESTION_TEXT_REQUIRED,
  QUIZ_NAME_REQUIRED,
  QUIZ_NEEDS_QUESTION,
  SINGLE_CHOICE_ONE_CORRECT,
  TIME_LIMIT_RANGE,
} from './quiz-messages.ts';

/** Spec section 4: pre-test, post-test, or both ("pre-post", which fills both of a course's slots). */
export const QUIZ_TYPES = ['pre', 'post', 'prePost'] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];
export const QUESTION_KINDS = ['single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const MAX_OPTIONS = 10;
export const MAX_SECTIONS = 50;
export const MAX_QUESTIONS_PER_SECTION = 200;
export const MAX_TIME_LIMIT_MINUTES = 600;
export const MAX_ATTEMPTS = 100;

// Ids of sections, questions and options are made by the console (uuid) and never change, so a
// learner's answers and a re-ordered quiz still agree.
export const quizOption = z.object({
  id: z.uuid(),
  text: z.string().trim().min(1, OPTION_TEXT_REQUIRED).max(500, 'Use at most 500 characters.'),
  correct: z.boolean().default(false),
});
export type QuizOption = z.infer<typeof quizOption>;

export const quizQuestion = z.object({
  id: z.uuid(),
  text: z.string().trim().min(1, QUESTION_TEXT_REQUIRED).max(2000, 'Use at most 2000 characters.'),
  kind: z.enum(QUESTION_KINDS).default('single'),
  score: z
    .number(QUESTION_SCORE_RANGE)
    .int(QUESTION_SCORE_RANGE)
    .min(1, QUESTION_SCORE_RANGE)
    .max(1000, QUESTION_SCORE_RANGE)
    .default(1),
  options: z.array(quizOption).max(MAX_OPTIONS, `Use at most ${MAX_OPTIONS} options.`),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const quizSection = z.object({
  id: z.uuid(),
  title: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  questions: z
    .array(quizQuestion)
    .max(MAX_QUESTIONS_PER_SECTION, `Use at most ${MAX_QUESTIONS_PER_SECTION} questions in a section.`),
});
export type QuizSection = z.infer<typeof quizSection>;

/** The total score of a quiz: the sum of its questions' scores. */
export const totalScore = (sections: readonly { questions: readonly { score: number }[] }[]) =>
  sections.reduce((sum, s) => sum + s.questions.reduce((n, q) => n + q.score, 0), 0);

/**
 * The rules a quiz must meet to be saved (issue 9), one issue per broken rule at the path of what
 * breaks it, so the builder can point at the question or option.
 */
export function quizProblems(v: {
  sections: readonly QuizSection[];
  passingScore: number | null;
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!v.sections.some((s) => s.questions.length))
    problems.push({ path: ['sections'], message: QUIZ_NEEDS_QUESTION });
  v.sections.forEach((s, si) => {
    s.questions.forEach((q, qi) => {
      const path = ['sections', si, 'questions', qi, 'options'];
      const correct = q.options.filter((o) => o.correct).length;
      if (q.options.length < 2) problems.push({ path, message: QUESTION_NEEDS_TWO_OPTIONS });
      else if (correct === 0) problems.push({ path, message: QUESTION_NEEDS_CORRECT });
      else if (q.kind === 'single' && correct !== 1)
        problems.push({ path, message: SINGLE_CHOICE_ONE_CORRECT });
    });
  });
  if (v.passingScore !== null && v.passingScore > totalScore(v.sections))
    problems.push({ path: ['passingScore'], message: PASSING_SCORE_ABOVE_TOTAL });
  return problems;
}

/**
 * A quiz (spec sections 3 to 5): sections of single- or multiple-choice questions, each with its
 * score. Scored by the server when a learner submits (server/services/quiz-attempts.ts); the
 * settings below are enforced there, not trusted to the learner app.
 */
export const quiz = defineResource({
  name: 'Quiz',
  area: 'quiz',
  fields: z.object({
    name: z.string().trim().min(1, QUIZ_NAME_REQUIRED).max(200, 'Use at most 200 characters.'),
    type: z.enum(QUIZ_TYPES).default('post'),
    sections: z.array(quizSection).max(MAX_SECTIONS, `Use at most ${MAX_SECTIONS} sections.`).default([]),
    /** Null until set: "Passing score must be specified first" before a certificate is attached. */
    passingScore: z
      .number(PASSING_SCORE_RANGE)
      .int(PASSING_SCORE_RANGE)
      .min(0, PASSING_SCORE_RANGE)
      .nullable()
      .default(null),
    /** Questions (and their options) in a new random order for each attempt. */
    randomOrder: z.boolean().default(false),
    /** Minutes from the start of an attempt to its last accepted submission; 0: no limit. */
    timeLimitMinutes: z
      .number(TIME_LIMIT_RANGE)
      .int(TIME_LIMIT_RANGE)
      .min(0, TIME_LIMIT_RANGE)
      .max(MAX_TIME_LIMIT_MINUTES, TIME_LIMIT_RANGE)
      .default(0),
    /** "Limited submit": attempts a learner may submit per course; 0: unlimited. */
    attemptLimit: z
      .number(ATTEMPT_LIMIT_RANGE)
      .int(ATTEMPT_LIMIT_RANGE)
      .min(0, ATTEMPT_LIMIT_RANGE)
      .max(MAX_ATTEMPTS, ATTEMPT_LIMIT_RANGE)
      .default(0),
    /** After submitting, the learner sees which options they chose. */
    showSelectedAnswers: z.boolean().default(true),
    /** After submitting, the learner sees the correct options. */
    showCorrectAnswers: z.boolean().default(false),
  }),
  refine: (v, ctx) => {
    for (const p of quizProblems(v)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  },
  searchable: ['name'],
  sortable: ['name', 'type'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'type', 'passingScore', 'timeLimitMinutes', 'attemptLimit', 'randomOrder'],
});
