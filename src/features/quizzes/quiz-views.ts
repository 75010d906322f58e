import { msg } from '@lingui/core/macro';
import { QUIZ_TYPES } from '#contract/resources/quiz.ts';
import { QUIZ_IN_COURSE } from '#contract/resources/quiz-messages.ts';
import { translateIssue } from '@/ui/form/validation-messages';
import { defineView } from '@/ui/resource/view-config';
import { PassingScoreCell, QuestionCountCell, TotalScoreCell } from './quiz-cells';
import { QUIZ_TYPE_LABELS } from './quiz-labels';
import { ADD_QUIZ_PATH, editQuizPath } from './quiz-paths';

/**
 * Quizzes (/home/quiz): the generic list, export and delete; adding and editing open the builder
 * pages. The form fields below serve only the sync page (a parked change shown field by field).
 */
export const quizView = defineView({
  resource: 'Quiz',
  title: msg`Quizzes`,
  trail: [msg`Home`],
  fields: {
    name: { label: msg`Quiz name`, widget: { kind: 'text' } },
    type: {
      label: msg`Quiz type`,
      widget: { kind: 'select', options: QUIZ_TYPES.map((v) => ({ value: v, label: QUIZ_TYPE_LABELS[v] })) },
    },
    sections: { label: msg`Sections`, widget: { kind: 'kept' } },
    passingScore: { label: msg`Passing score`, widget: { kind: 'number' }, half: true },
    timeLimitMinutes: { label: msg`Time limit (minutes)`, widget: { kind: 'number' }, half: true },
    attemptLimit: { label: msg`Limited submit (attempts)`, widget: { kind: 'number' }, half: true },
    randomOrder: { label: msg`Random order`, widget: { kind: 'switch' }, half: true },
    showSelectedAnswers: { label: msg`Show selected answers`, widget: { kind: 'switch' }, half: true },
    showCorrectAnswers: { label: msg`Show correct answers`, widget: { kind: 'switch' }, half: true },
  },
  columns: ['name', 'type', 'questions', 'total', 'passingScore'],
  computed: {
    questions: { label: msg`Questions`, cell: QuestionCountCell },
    total: { label: msg`Total score`, cell: TotalScoreCell },
  },
  cells: { passingScore: PassingScoreCell },
  titleField: 'name',
  editor: { add: ADD_QUIZ_PATH, edit: editQuizPath },
  // Spec section 8: "no quiz data".
  emptyTitle: msg`No quiz data`,
  emptyHint: msg`Add a quiz with its sections and questions, then link it to a course.`,
  // The server refuses it too (server/resources/quiz-rules.ts); this says why at once, offline too.
  deleteBlocker: async (db, row, i18n) => {
    const courses = await db.rows('Course').toArray();
    const linked = courses.some(
      (c) => !c.deletedAt && Array.isArray(c.quizIds) && (c.quizIds as unknown[]).includes(row.id),
    );
    return linked ? translateIssue(i18n, QUIZ_IN_COURSE) : null;
  },
  messages: {
    add: msg`Add quiz`,
    edit: msg`Edit quiz`,
    created: msg`Quiz added successfully.`,
    updated: msg`Quiz updated successfully.`,
    deleted: msg`Quiz deleted successfully.`,
  },
});
