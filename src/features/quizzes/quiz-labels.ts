import { msg } from '@lingui/core/macro';
import type { QuizType } from '#contract/resources/quiz.ts';

/** Spec section 4: pre-test, post-test, or both. */
export const QUIZ_TYPE_LABELS = {
  pre: msg`Pre-test`,
  post: msg`Post-test`,
  prePost: msg`Pre-test and post-test`,
} as const satisfies Record<QuizType, unknown>;
