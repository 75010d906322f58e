import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { ADD_QUIZ_PATH, EDIT_QUIZ_PATH, QUIZZES_PATH } from './quiz-paths';
import { quizView } from './quiz-views';

/** Quizzes (issue 9): the list, and the builder for adding and editing one. */
export const quizzesFeature = defineFeature({
  id: 'quizzes',
  routes: [
    { path: QUIZZES_PATH, view: quizView, menu: { id: 'quiz', group: 'home', label: msg`Quizzes` } },
    { path: ADD_QUIZ_PATH, page: () => import('./quiz-builder-page') },
    { path: EDIT_QUIZ_PATH, page: () => import('./quiz-builder-page') },
  ],
});
