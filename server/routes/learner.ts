import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { MAX_VIEW_SECONDS, recordViewRequest, viewEvent } from '#contract/learner.ts';
import {
  courseIdRequest,
  END_TOLERANCE_SECONDS,
  FORWARD_TOLERANCE_SECONDS,
  myCourse,
  myResult,
  QUIZ_GRACE_SECONDS,
  quizAttemptOut,
  recordVideoProgressRequest,
  startQuizRequest,
  submitQuizRequest,
} from '#contract/learner-courses.ts';
import { NO_RIGHTS_TO_COURSE } from '#contract/resources/course-messages.ts';
import { eventIdRequest, myEvent } from '#contract/resources/event.ts';
import { askExpertRequest, expertQuestion } from '#contract/resources/expert-question.ts';
import { mySkill } from '#contract/resources/iso-setting.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { idempotencyHeaders, once } from '../resources/idempotency.ts';
import type { Tx } from '../resources/repository-types.ts';
import { askExpert } from '../services/community.ts';
import { requestCourseAccess } from '../services/course-access.ts';
import { recordVideoProgress } from '../services/course-progress.ts';
import { joinEvent, leaveEvent, myEvents } from '../services/events.ts';
import { describeCourse, myCourses } from '../services/my-courses.ts';
import { mySkills } from '../services/my-skills.ts';
import { myResults, startQuiz, submitQuiz } from '../services/quiz-attempts.ts';
import { recordView } from '../services/view-events.ts';

/**
 * Calls of the learner app (not part of this project). Self-service: any signed-in user of the
 * company, for itself; the data drives the reports.
 */
export const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Learner'];
  app.post(
    '/v1/Learner/RecordView',
    {
      schema: {
        tags,
        summary: 'Record that the signed-in learner viewed an article, sound or video',
        description:
          'Called by the learner app when a viewer closes (or periodically for a long view), with the ' +
          "learner's own token. Stores one view event: who (the token's user), what (`contentId`), when " +
          `(the server's clock) and how long (\`seconds\`, 0 to ${MAX_VIEW_SECONDS}). The content must be ` +
          "a live Article, Sound or Video of the learner's company, otherwise 404 (status " +
          `${STATUS.notFound}). Bad input is a 422 (status ${STATUS.validation}). Send an ` +
          '`Idempotency-Key` (a uuid) so that a retried call counts once: the retry gets the first answer.',
        headers: idempotencyHeaders,
        body: recordViewRequest,
        response: responses(viewEvent),
      },
    },
    async (req, reply) => {
      const { companyId, userId } = requireAuth(req);
      const keyId = req.headers['idempotency-key'];
      const key = keyId ? { companyId, id: keyId, resource: 'Learner/RecordView' } : null;
      const { httpStatus, ...answer } = await once(app.db, key, async (tx) => ({
        httpStatus: 200,
        status: STATUS.ok,
        message: 'View recorded.',
        data: await recordView(tx, { companyId, userId, ...req.body, viewedAt: app.now() }),
      }));
      return reply.code(httpStatus).send(answer as never);
    },
  );

  // Courses and quizzes (issue 9). The rules: docs/course-progress.md.
  const who = (req: Parameters<typeof requireAuth>[0]) => {
    const { companyId, userId } = requireAuth(req);
    return { companyId, userId };
  };
  const access =
    "Only live courses of the learner's company that the learner takes (all users, their departments " +
    'and groups, or enrolled); any other course is a 404 (status ' +
    `${STATUS.notFound}), except one visible to all users that the learner does not take: 403 (status ` +
    `${STATUS.forbidden}) with the message "${NO_RIGHTS_TO_COURSE}". Before its start a course is not ` +
    `open: 409 (status ${STATUS.conflict}).`;
  /** Runs a write once per Idempotency-Key (a retry gets the first answer). */
  const write = async <T extends { id: string }>(
    req: { headers: { 'idempotency-key'?: string } } & Parameters<typeof requireAuth>[0],
    reply: FastifyReply,
    name: string,
    message: string,
    effect: (tx: Tx) => Promise<T>,
  ) => {
    const { companyId } = who(req);
    const keyId = req.headers['idempotency-key'];
    const key = keyId ? { companyId, id: keyId, resource: `Learner/${name}` } : null;
    const { httpStatus, ...answer } = await once(app.db, key, async (tx) => ({
      httpStatus: 200,
      status: STATUS.ok,
      message,
      data: await effect(tx),
    }));
    // A pass may have issued a certificate to e-mail (after the commit, off the learner's answer).
    app.certificates.kick();
    return reply.code(httpStatus).send(answer as never);
  };

  app.post(
    '/v1/Learner/MyCourses',
    {
      schema: {
        tags,
        summary: 'The courses of the signed-in learner, with their videos, progress and state',
        description:
          "Every live course of the learner's company that they take, upcoming ones included (`open: false` " +
          "before `startAt`), with each video's progress and whether it may be played now, the pre- and " +
          "post-test with the learner's state and result, and the course state (notStarted, inProgress, " +
          'delay, finishedBeforeExpiry, finishedAfterExpiry, notFinished). Courses visible to all users ' +
          'that the learner does not take follow with `assigned: false` and the status of their request.',
        response: responses(z.array(myCourse)),
      },
    },
    async (req) => ok(await myCourses(app.db, who(req), app.now())),
  );

  app.post(
    '/v1/Learner/RecordVideoProgress',
    {
      schema: {
        tags,
        summary: 'Record where the learner is in a video of a course',
        description:
          'Called when playback starts, every few seconds while it plays and at the end. The server ' +
          'keeps the position, the furthest position reached and whether the video was watched to the ' +
          `end (within ${END_TOLERANCE_SECONDS} s of its length). With mustWatchInOrder a video cannot ` +
          'progress before the previous ones are completed (409). With prohibitForward a position more ' +
          `than ${FORWARD_TOLERANCE_SECONDS} s plus twice the time since the last report past the ` +
          'furthest position reached is refused (409, `data` holds the stored position). ' +
          `${access} Answers the course as MyCourses shows it. Idempotency-Key accepted.`,
        headers: idempotencyHeaders,
        body: recordVideoProgressRequest,
        response: responses(myCourse),
      },
    },
    (req, reply) =>
      write(req, reply, 'RecordVideoProgress', 'Progress recorded.', async (tx) => {
        const now = app.now();
        const c = await recordVideoProgress(tx, who(req), req.body, now);
        return describeCourse(tx, who(req), c, now);
      }),
  );

  app.post(
    '/v1/Learner/RequestCourseAccess',
    {
      schema: {
        tags,
        summary: 'Ask for a course visible to all users that the learner does not take yet',
        description:
          'Creates an Enrolment with status `requested` (it syncs to the consoles, where an ' +
          'administrator accepts or refuses it). Asking again while it waits answers the same request. ' +
          `A learner who already takes the course, or whose request was refused, gets 409 (status ${STATUS.conflict}); ` +
          `a course of another company, deleted, or shown to its groups only: 404 (status ${STATUS.notFound}).`,
        headers: idempotencyHeaders,
        body: courseIdRequest,
        response: responses(z.object({ id: z.string(), status: z.string() })),
      },
    },
    (req, reply) =>
      write(req, reply, 'RequestCourseAccess', 'Request sent.', async (tx) => {
        const { enrolment } = await requestCourseAccess(tx, who(req), req.body.courseId, app.now());
        return enrolment;
      }),
  );

  app.post(
    '/v1/Learner/StartQuiz',
    {
      schema: {
        tags,
        summary: "Start (or resume) an attempt at a course's pre-test or post-test",
        description:
          "The post-test opens under the course's post-test condition (finishAll: every video completed; " +
          'watchPart: a video started; anytime), otherwise 409. An attempt not yet submitted whose time ' +
          "is not up is resumed; otherwise a new one, within the quiz's attempt limit (every started " +
          `attempt counts; 409 when used up). The questions come without correct flags, in a random order ` +
          `kept for the attempt when the quiz says so. \`deadline\`: the time limit; submissions are accepted ` +
          `up to ${QUIZ_GRACE_SECONDS} s after it. ${access}`,
        headers: idempotencyHeaders,
        body: startQuizRequest,
        response: responses(quizAttemptOut),
      },
    },
    (req, reply) =>
      write(req, reply, 'StartQuiz', 'Attempt started.', (tx) =>
        startQuiz(tx, who(req), req.body.courseId, req.body.slot, app.now()),
      ),
  );

  app.post(
    '/v1/Learner/SubmitQuiz',
    {
      schema: {
        tags,
        summary: 'Submit the answers of an attempt; scored by the server',
        description:
          "Single choice: the question's score when exactly its correct option is chosen; multiple " +
          'choice: when exactly its set of correct options is chosen; no partial credit. Passed: score ' +
          'at least the passing score (a quiz without one is passed by submitting). After the time limit ' +
          `plus ${QUIZ_GRACE_SECONDS} s the submission is refused (409) and the attempt stays timed out. The ` +
          "answer shows the options chosen and the correct ones only as the quiz's settings allow. A " +
          'second submission of the same attempt: 409 with the attempt. Send an Idempotency-Key so a ' +
          'retry gets the first answer.',
        headers: idempotencyHeaders,
        body: submitQuizRequest,
        response: responses(quizAttemptOut),
      },
    },
    (req, reply) =>
      write(req, reply, 'SubmitQuiz', 'Answers submitted.', (tx) =>
        submitQuiz(tx, who(req), req.body, app.now()),
      ),
  );

  app.post(
    '/v1/Learner/MyResults',
    {
      schema: {
        tags,
        summary: "The signed-in learner's quiz attempts, newest first",
        response: responses(z.array(myResult)),
      },
    },
    async (req) => ok(await myResults(app.db, who(req), app.now())),
  );

  app.post(
    '/v1/Learner/AskExpert',
    {
      schema: {
        tags,
        summary: 'Ask the expert a question (community, expert consultation)',
        description:
          "Stores the question as an ExpertQuestion of the learner's company with status `waiting`, the " +
          "learner as asker and the server's clock as send date. When an administrator answers it, the " +
          'learner gets one inbox notification. Send an Idempotency-Key so a retry asks once.',
        headers: idempotencyHeaders,
        body: askExpertRequest,
        response: responses(expertQuestion.record),
      },
    },
    (req, reply) =>
      write(req, reply, 'AskExpert', 'Question sent.', (tx) =>
        askExpert(tx, { ...who(req), now: app.now(), ...req.body }),
      ),
  );

  const joinAnswer = z.object({ id: z.string(), eventId: z.string(), joined: z.boolean() });
  app.post(
    '/v1/Learner/MyEvents',
    {
      schema: {
        tags,
        summary: "The signed-in learner's events, with their occurrences",
        description:
          "Live events of the learner's company that the learner takes part in (themselves or through " +
          'their department), each with its occurrences from 30 days ago to a year ahead, expanded from ' +
          "the event's RRULE in its time zone (a weekly 09:00 event stays at 09:00 across a DST change).",
        response: responses(z.array(myEvent)),
      },
    },
    async (req) => ok(await myEvents(app.db, who(req), app.now())),
  );
  app.post(
    '/v1/Learner/MySkills',
    {
      schema: {
        tags,
        summary: "The signed-in learner's required skills and gaps (training roadmap)",
        description:
          'Every skill a position the learner holds requires, at the highest level any of them requires, with the ' +
          'assessment that counts (the latest by date), the gap (`meets`, `below`, `notAssessed`, or `expired` once ' +
          'the re-assessment date has passed) and the live courses that teach the skill.',
        response: responses(z.array(mySkill)),
      },
    },
    async (req) => ok(await mySkills(app.db, who(req), app.now())),
  );
  app.post(
    '/v1/Learner/JoinEvent',
    {
      schema: {
        tags,
        summary: "Join an event of the learner's company",
        description: `A missing event or one of another company: 404 (status ${STATUS.notFound}). Joining twice keeps one place.`,
        headers: idempotencyHeaders,
        body: eventIdRequest,
        response: responses(joinAnswer),
      },
    },
    (req, reply) =>
      write(req, reply, 'JoinEvent', 'Participant added successfully.', (tx) =>
        joinEvent(tx, who(req), req.body.eventId, app.now()),
      ),
  );
  app.post(
    '/v1/Learner/LeaveEvent',
    {
      schema: {
        tags,
        summary: 'Leave an event the learner joined',
        description: `Not on the event (or no such event): 404 (status ${STATUS.notFound}).`,
        headers: idempotencyHeaders,
        body: eventIdRequest,
        response: responses(joinAnswer),
      },
    },
    (req, reply) =>
      write(req, reply, 'LeaveEvent', 'Participant removed successfully.', (tx) =>
        leaveEvent(tx, who(req), req.body.eventId, app.now()),
      ),
  );
};
