import { z } from 'zod';
import { ENROLMENT_STATUSES } from './resources/course.ts';
import { QUESTION_KINDS } from './resources/quiz.ts';

// The learner app's course and quiz calls (/api/v1/Learner/...) and the admin's course report
// (/api/v1/Course/Report). The rules behind them: docs/course-progress.md.

/**
 * A learner's state in a course (spec section 4; the rules are ours, the spec says "not shown").
 * `E` is the expiry: `expiresAt`, or `endAt` when the course has no expiry date.
 * - notStarted: no video progress and no quiz attempt yet, and `endAt` not passed
 * - inProgress: started, not finished, `endAt` not passed
 * - delay: not finished, `endAt` passed, `E` not passed
 * - notFinished: not finished and `E` passed
 * - finishedBeforeExpiry / finishedAfterExpiry: finished (every video completed and the post-test
 *   passed; with a pre-test only, it taken), at or before `E` / after `E`
 */
export const COURSE_STATES = [
  'notStarted',
  'inProgress',
  'delay',
  'finishedBeforeExpiry',
  'finishedAfterExpiry',
  'notFinished',
] as const;
export type CourseState = (typeof COURSE_STATES)[number];

/** Spec section 4: a learner's state in one quiz of a course. */
export const QUIZ_USER_STATES = ['notStarted', 'notFinished', 'finished'] as const;
export type QuizUserState = (typeof QUIZ_USER_STATES)[number];
export const QUIZ_SLOTS = ['pre', 'post'] as const;
export type QuizSlot = (typeof QUIZ_SLOTS)[number];

/** prohibitForward: how far past the furthest position reached a report may go, plus 2x the wall-clock time since the last report. */
export const FORWARD_TOLERANCE_SECONDS = 10;
/** A video is completed when the position reaches its length minus this. */
export const END_TOLERANCE_SECONDS = 3;
/** The end tolerance of a video: 3 s, but never more than a twentieth of a short clip. */
export const endToleranceOf = (lengthSeconds: number) => Math.min(END_TOLERANCE_SECONDS, lengthSeconds / 20);
/** A quiz submission is accepted up to this long after the time limit (network, clock skew). */
export const QUIZ_GRACE_SECONDS = 30;

export const COURSE_NOT_FOUND = 'This course does not exist or was deleted.';
export const COURSE_NOT_OPEN = 'This course has not started yet.';
export const COURSE_ALREADY_TAKEN = 'You already take this course.';
export const COURSE_REQUEST_REFUSED = 'An administrator refused your request for this course.';
export const VIDEO_NOT_IN_COURSE = 'This video is not part of the course.';
export const FORWARD_PROHIBITED = 'This course does not allow skipping ahead in a video.';
export const WATCH_IN_ORDER = 'Finish the previous videos of this course first.';
export const NOT_AT_END = 'A video is completed only when it is watched to the end.';
export const NO_QUIZ_IN_SLOT = 'This course has no such test.';
export const POST_TEST_LOCKED_FINISH_ALL = 'Watch every video of the course before the post-test.';
export const POST_TEST_LOCKED_WATCH_PART = 'Start watching the course before the post-test.';
export const ATTEMPTS_USED = 'You have used every attempt of this test.';
export const ATTEMPT_NOT_FOUND = 'This attempt does not exist.';
export const ATTEMPT_SUBMITTED = 'This attempt was already submitted.';
export const QUIZ_TIME_UP = 'The time limit of this test has passed; the attempt was not accepted.';
export const ANSWER_UNKNOWN = 'An answer names a question or option that is not in this attempt.';

const uuid = (what: string) => z.uuid(`Send the id of ${what}.`);

export const courseIdRequest = z.object({ courseId: uuid('a course') });

export const recordVideoProgressRequest = z.object({
  courseId: uuid('a course'),
  videoItemId: uuid('a video of the course').describe("The id of the entry in the course's `videos`."),
  position: z
    .number('Send the position in seconds.')
    .min(0, 'Send the position in seconds.')
    .max(1_000_000)
    .describe('Where the player is, in seconds from the start.'),
  completed: z
    .boolean()
    .optional()
    .describe(
      `The player reached the end (accepted only within ${END_TOLERANCE_SECONDS} s of it, or a twentieth of a shorter clip).`,
    ),
});
export type RecordVideoProgressRequest = z.infer<typeof recordVideoProgressRequest>;

export const startQuizRequest = z.object({ courseId: uuid('a course'), slot: z.enum(QUIZ_SLOTS) });
export const submitQuizRequest = z.object({
  attemptId: uuid('an attempt'),
  answers: z
    .record(z.string(), z.array(z.string()).max(20))
    .describe('Question id -> the ids of the options chosen (one for a single-choice question).'),
});
export type SubmitQuizRequest = z.infer<typeof submitQuizRequest>;

export const videoProgress = z.object({
  videoItemId: z.string(),
  title: z.string(),
  durationSeconds: z.number(),
  position: z.number(),
  furthest: z.number(),
  completed: z.boolean(),
  /** Whether the learner may play it now (mustWatchInOrder: the previous ones are completed). */
  unlocked: z.boolean(),
});
export type VideoProgress = z.infer<typeof videoProgress>;

export const quizSummary = z.object({
  slot: z.enum(QUIZ_SLOTS),
  quizId: z.string(),
  name: z.string(),
  state: z.enum(QUIZ_USER_STATES),
  /** pass / fail of the best submitted attempt; null before one. */
  result: z.enum(['pass', 'fail']).nullable(),
  bestScore: z.number().nullable(),
  total: z.number(),
  attempts: z.number().int(),
  /** 0: unlimited. */
  attemptLimit: z.number().int(),
  /** Whether StartQuiz would be accepted now. */
  available: z.boolean(),
});
export type QuizSummary = z.infer<typeof quizSummary>;

export const myCourse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  expiresAt: z.string().nullable(),
  mustWatchInOrder: z.boolean(),
  prohibitForward: z.boolean(),
  postTestCondition: z.string(),
  /** false: a course visible to all ("viewSetting: all") the learner may ask for (RequestCourseAccess). */
  assigned: z.boolean(),
  /** The learner's request, for a course not assigned: requested, refused, or none yet. */
  request: z.enum(ENROLMENT_STATUSES).nullable(),
  /** Before startAt: listed, but no progress or quiz is accepted yet. */
  open: z.boolean(),
  state: z.enum(COURSE_STATES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  videos: z.array(videoProgress),
  quizzes: z.array(quizSummary),
});
export type MyCourse = z.infer<typeof myCourse>;

/** A question as the learner sees it: never its correct options before the settings allow. */
export const shownQuestion = z.object({
  id: z.string(),
  sectionTitle: z.string(),
  text: z.string(),
  kind: z.enum(QUESTION_KINDS),
  score: z.number(),
  options: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      /** After submitting, when the quiz shows selected answers. */
      selected: z.boolean().optional(),
      /** After submitting, when the quiz shows correct answers. */
      correct: z.boolean().optional(),
    }),
  ),
});

export const quizAttemptOut = z.object({
  id: z.string(),
  courseId: z.string(),
  quizId: z.string(),
  quizName: z.string(),
  slot: z.enum(QUIZ_SLOTS),
  attemptNumber: z.number().int(),
  attemptLimit: z.number().int(),
  startedAt: z.string(),
  /** The last instant a submission is accepted without the grace; null: no time limit. */
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** Deadline and grace passed without a submission. */
  timedOut: z.boolean(),
  score: z.number().nullable(),
  total: z.number(),
  passingScore: z.number().nullable(),
  passed: z.boolean().nullable(),
  questions: z.array(shownQuestion),
});
export type QuizAttemptOut = z.infer<typeof quizAttemptOut>;

export const myResult = quizAttemptOut.omit({ questions: true }).extend({ courseName: z.string() });
export type MyResult = z.infer<typeof myResult>;

// The admin's course report.

export const courseReportRequest = z.object({
  courseId: uuid('a course'),
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(5000).default(50),
  state: z.enum(COURSE_STATES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type CourseReportRequest = z.input<typeof courseReportRequest>;

const quizColumn = z.object({
  score: z.number().nullable(),
  total: z.number().nullable(),
  result: z.enum(['pass', 'fail']).nullable(),
  attempts: z.number().int(),
});
export const courseReportRow = z.object({
  userId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  department: z.string(),
  /** false: no longer assigned, listed for the progress made while assigned. */
  assigned: z.boolean(),
  state: z.enum(COURSE_STATES),
  videosCompleted: z.number().int(),
  videosTotal: z.number().int(),
  pre: quizColumn,
  post: quizColumn,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CourseReportRow = z.infer<typeof courseReportRow>;

export const courseReport = z.object({
  course: z.object({
    id: z.string(),
    name: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    expiresAt: z.string().nullable(),
    hasPreTest: z.boolean(),
    hasPostTest: z.boolean(),
  }),
  /** When the states were computed (the server's clock). */
  asOf: z.string(),
  /** Learners per state over the whole course (search and state filters not applied). */
  totals: z.record(z.enum(COURSE_STATES), z.number().int()),
  items: z.array(courseReportRow),
  /** Rows matching the filters. */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type CourseReport = z.infer<typeof courseReport>;
