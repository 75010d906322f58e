// The quiz's validation messages, without zod, so the console's message table can name them
// without pulling the schemas into the sign-in page.

export const QUIZ_NAME_REQUIRED = 'Please enter the name of the quiz.';
export const QUIZ_NEEDS_QUESTION = 'Add at least one question.';
export const QUESTION_TEXT_REQUIRED = 'Write the question.';
export const OPTION_TEXT_REQUIRED = 'Write the option.';
export const QUESTION_NEEDS_TWO_OPTIONS = 'Give every question at least two options.';
export const QUESTION_NEEDS_CORRECT = 'Mark at least one option as correct.';
export const SINGLE_CHOICE_ONE_CORRECT = 'A single-choice question has exactly one correct option.';
export const QUESTION_SCORE_RANGE = 'Give a score from 1 to 1000.';
export const PASSING_SCORE_ABOVE_TOTAL =
  'The passing score cannot be above the total score of the questions.';
export const PASSING_SCORE_RANGE = 'Enter a passing score of 0 or more, or leave it empty.';
export const TIME_LIMIT_RANGE = 'Enter a time limit from 0 (none) to 600 minutes.';
export const ATTEMPT_LIMIT_RANGE = 'Enter a number of attempts from 0 (unlimited) to 100.';
/** Spec section 5: a certificate needs the quiz's passing score first. */
export const PASSING_SCORE_FIRST = 'Passing score must be specified first';
/** A quiz a live course links (its `quizIds`) is kept: deleting it would break the course. */
export const QUIZ_IN_COURSE =
  'This quiz is used by a course. Remove it from the course first, then delete it.';
