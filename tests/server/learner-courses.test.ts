import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTEMPTS_USED,
  COURSE_ALREADY_TAKEN,
  COURSE_NOT_FOUND,
  COURSE_NOT_OPEN,
  FORWARD_PROHIBITED,
  type MyCourse,
  NOT_AT_END,
  POST_TEST_LOCKED_FINISH_ALL,
  QUIZ_TIME_UP,
  WATCH_IN_ORDER,
} from '#contract/learner-courses.ts';
import { FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { NO_RIGHTS_TO_COURSE } from '#contract/resources/course-messages.ts';
import { files } from '../../server/db/schema.ts';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { seedProgress } from '../../server/db/seed-progress.ts';
import { createCompany } from '../../server/services/create-company.ts';
import { bearer, HOUR, MINUTE, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

const DAY = 24 * HOUR;
const clock = makeClock(new Date('2030-05-01T03:00:00Z'));
const VIDEO = readFileSync(new URL('../fixtures/media/video-640x360.mp4', import.meta.url));
/** The library video's length as stored for the test (the fixture is 2 s; the row says 5 minutes). */
const LENGTH = 300;

let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
const tokens = {} as Record<'admin' | 'nattapong' | 'kanya' | 'john' | 'trainer' | 'acme', string>;
const userIds = {} as Record<'nattapong' | 'kanya' | 'john' | 'trainer', string>;
const depts = {} as Record<string, string>;
let videoId: string;

const iso = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

async function create(resource: string, body: object, client = admin) {
  const id = uuidv7();
  const res = await client.call(resource, 'Create', { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const learner = (token: string, action: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/Learner/${action}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });

async function ok<T = unknown>(token: string, action: string, payload: object = {}) {
  const res = await learner(token, action, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

const report = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Course/Report', headers: bearer(token), payload });

async function mine(token: string, courseId: string) {
  const list = await ok<MyCourse[]>(token, 'MyCourses');
  return list.find((c) => c.id === courseId);
}
const stateOf = async (token: string, courseId: string) => (await mine(token, courseId))?.state;

/** Two questions: a single choice (1 point: A) and a multiple choice (2 points: C and D). */
function quizBody(over: Record<string, unknown> = {}) {
  const ids = Object.fromEntries(['q1', 'q2', 'a', 'b', 'c', 'd', 'e'].map((k) => [k, crypto.randomUUID()]));
  const body = {
    name: 'Forklift test',
    type: 'post',
    passingScore: 3,
    sections: [
      {
        id: crypto.randomUUID(),
        title: 'Basics',
        questions: [
          {
            id: ids.q1,
            text: 'Check the forks when?',
            kind: 'single',
            score: 1,
            options: [
              { id: ids.a, text: 'Before every shift', correct: true },
              { id: ids.b, text: 'Once a year', correct: false },
            ],
          },
          {
            id: ids.q2,
            text: 'Which are safe?',
            kind: 'multiple',
            score: 2,
            options: [
              { id: ids.c, text: 'Horn at corners', correct: true },
              { id: ids.d, text: 'Load low', correct: true },
              { id: ids.e, text: 'Passengers', correct: false },
            ],
          },
        ],
      },
    ],
    ...over,
  };
  return { body, ids: ids as Record<'q1' | 'q2' | 'a' | 'b' | 'c' | 'd' | 'e', string> };
}

const video = (title: string) => ({ id: crypto.randomUUID(), videoId, title, durationSeconds: LENGTH });

function courseBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Forklift basics',
    startAt: iso(-HOUR),
    endAt: iso(DAY),
    expiresAt: iso(2 * DAY),
    videos: [video('Part 1'), video('Part 2')],
    postTestCondition: 'finishAll',
    ...over,
  };
}

const session = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json().data as {
    userID: string;
  };

/** Watches every video of the course to the end (no prohibit-forward on these courses). */
async function watchAll(token: string, c: { id: string; videos: { id: string }[] }) {
  for (const v of c.videos)
    await ok(token, 'RecordVideoProgress', { courseId: c.id, videoItemId: v.id, position: LENGTH });
}

async function passPost(token: string, courseId: string, ids: ReturnType<typeof quizBody>['ids']) {
  const attempt = await ok<{ id: string }>(token, 'StartQuiz', { courseId, slot: 'post' });
  return ok<{ score: number; passed: boolean }>(token, 'SubmitQuiz', {
    attemptId: attempt.id,
    answers: { [ids.q1]: [ids.a], [ids.q2]: [ids.c, ids.d] },
  });
}

async function signIn() {
  tokens.admin = await t.login('DEMO', 'admin', 'Admin@1234');
  tokens.acme = await t.login('ACME', 'admin', 'Admin@1234');
  tokens.trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
  for (const name of ['nattapong', 'kanya', 'john'] as const)
    tokens[name] = await t.login('DEMO', name, DEMO_USER_PASSWORD);
  admin = resourceClient(t, tokens.admin);
}

/** Moves the clock; sessions end with time, so everyone signs in again. */
async function move(ms: number) {
  clock.advance(ms);
  await signIn();
}

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  await signIn();
  for (const name of ['nattapong', 'kanya', 'john', 'trainer'] as const)
    userIds[name] = (await session(tokens[name])).userID;
  for (const d of (await admin.call('Department', 'List', { per_page: 100 })).json().data.items)
    depts[d.name] = d.id;

  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(tokens.admin),
    payload: { base64: VIDEO.toString('base64'), fileName: 'forklift.mp4', kind: 'video' },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const url = upload.json().data.url as string;
  await t.app.db
    .update(files)
    .set({ durationSeconds: LENGTH })
    .where(eq(files.id, url.split('/')[2]!));
  const topicId = await create('Topic', { title: 'Forklift safety' });
  videoId = await create('Video', { title: 'Forklift in a narrow aisle', topicId, file: url });
});
afterAll(() => t?.close());

describe('course states through the learner calls, with the clock moved', () => {
  let courseId: string;
  let body: ReturnType<typeof courseBody>;
  let ids: ReturnType<typeof quizBody>['ids'];
  let kanyaEnrolment: string;

  beforeAll(async () => {
    const quiz = quizBody();
    ids = quiz.ids;
    const quizId = await create('Quiz', quiz.body);
    body = courseBody({ departmentIds: [depts.Production], quizIds: [quizId] });
    courseId = await create('Course', body);
    kanyaEnrolment = await create('Enrolment', { courseId, userId: userIds.kanya, status: 'enrolled' });
    await create('Enrolment', { courseId, userId: userIds.john, status: 'enrolled' });
  });

  it('reaches not started, in progress and finished before expiry while the course runs', async () => {
    expect(await stateOf(tokens.john, courseId)).toBe('notStarted');
    const c = await ok<MyCourse>(tokens.nattapong, 'RecordVideoProgress', {
      courseId,
      videoItemId: body.videos[0]!.id,
      position: 5,
    });
    expect(c.state).toBe('inProgress');
    expect(c.videos[0]).toMatchObject({ position: 5, furthest: 5, completed: false });

    const kanya = { id: courseId, videos: body.videos };
    await watchAll(tokens.kanya, kanya);
    expect(await stateOf(tokens.kanya, courseId)).toBe('inProgress');
    expect((await passPost(tokens.kanya, courseId, ids)).passed).toBe(true);
    const done = await mine(tokens.kanya, courseId);
    expect(done?.state).toBe('finishedBeforeExpiry');
    expect(done?.quizzes).toEqual([
      expect.objectContaining({ slot: 'post', state: 'finished', result: 'pass', bestScore: 3, attempts: 1 }),
    ]);
  });

  it('is delay once the end has passed, not finished after expiry, finished after expiry when done then', async () => {
    await move(DAY + HOUR);
    expect(await stateOf(tokens.john, courseId)).toBe('delay');
    expect(await stateOf(tokens.nattapong, courseId)).toBe('delay');
    expect(await stateOf(tokens.kanya, courseId)).toBe('finishedBeforeExpiry');
    await move(DAY);
    expect(await stateOf(tokens.john, courseId)).toBe('notFinished');
    await watchAll(tokens.nattapong, { id: courseId, videos: body.videos });
    expect(await stateOf(tokens.nattapong, courseId)).toBe('notFinished');
    await passPost(tokens.nattapong, courseId, ids);
    expect(await stateOf(tokens.nattapong, courseId)).toBe('finishedAfterExpiry');
  });

  it("reports each learner's figures and the totals, filtered and paged", async () => {
    // Kanya leaves the course: her finished progress stays on the report, marked as no longer assigned.
    expect((await admin.call('Enrolment', 'Delete', { id: kanyaEnrolment })).statusCode).toBe(200);
    const res = await report(tokens.admin, { courseId, page: 1, per_page: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.course).toMatchObject({ id: courseId, hasPreTest: false, hasPostTest: true });
    expect(r.totals).toEqual({
      notStarted: 0,
      inProgress: 0,
      delay: 0,
      finishedBeforeExpiry: 1,
      finishedAfterExpiry: 1,
      notFinished: 2,
    });
    const byName = Object.fromEntries(r.items.map((i: { name: string }) => [i.name, i]));
    expect(Object.keys(byName).sort()).toEqual([
      'John Carter',
      'Kanya Boonmee',
      'Nattapong Wongsawat',
      'Suda Srisuk',
    ]);
    expect(byName['Kanya Boonmee']).toMatchObject({
      assigned: false,
      state: 'finishedBeforeExpiry',
      videosCompleted: 2,
      videosTotal: 2,
      department: 'Quality Assurance',
      post: { score: 3, total: 3, result: 'pass', attempts: 1 },
      pre: { score: null, result: null, attempts: 0 },
    });
    expect(Date.parse(byName['Kanya Boonmee'].finishedAt)).toBeLessThan(Date.parse(body.endAt));
    expect(byName['Nattapong Wongsawat']).toMatchObject({ assigned: true, state: 'finishedAfterExpiry' });
    expect(Date.parse(byName['Nattapong Wongsawat'].finishedAt)).toBeGreaterThan(Date.parse(body.expiresAt));
    expect(Date.parse(byName['Nattapong Wongsawat'].startedAt)).toBeLessThan(Date.parse(body.endAt));
    expect(byName['John Carter']).toMatchObject({
      state: 'notFinished',
      videosCompleted: 0,
      startedAt: null,
      finishedAt: null,
      post: { score: null, result: null, attempts: 0 },
    });

    const late = (await report(tokens.admin, { courseId, state: 'notFinished' })).json().data;
    expect(late.total).toBe(2);
    expect(late.items.map((i: { name: string }) => i.name)).toEqual(['John Carter', 'Suda Srisuk']);
    expect(late.totals.finishedBeforeExpiry).toBe(1);
    const search = (await report(tokens.admin, { courseId, search: 'quality' })).json().data;
    expect(search.items.map((i: { name: string }) => i.name)).toEqual(['Kanya Boonmee']);
    const page2 = (await report(tokens.admin, { courseId, page: 2, per_page: 3 })).json().data;
    expect(page2).toMatchObject({ total: 4, page: 2 });
    expect(page2.items.map((i: { name: string }) => i.name)).toEqual(['Nattapong Wongsawat']);
  });

  it('lets the course and assignment report areas read the report, no one else, no other company', async () => {
    const role = async (name: string, areas: string[]) =>
      create('Role', {
        name,
        permissions: permissionsWith((a) => (areas.includes(a) ? FULL_ACCESS : NO_ACCESS)),
      });
    const person = async (username: string, roleId: string) => {
      await create('User', {
        employeeId: `R-${username}`,
        firstName: 'Report',
        lastName: username,
        email: `${username}@demo.example`,
        phone: '081-234-5678',
        username,
        password: 'Secret@123',
        departmentId: depts.Sales,
        roleId,
        active: true,
      });
      return t.login('DEMO', username, 'Secret@123');
    };
    const reporter = await person('reporter', await role('Reports only', ['assignmentReport']));
    const outsider = await person('outsider', await role('Library only', ['library']));
    expect((await report(reporter, { courseId })).statusCode).toBe(200);
    expect((await report(tokens.trainer, { courseId })).statusCode).toBe(200);
    const refused = await report(outsider, { courseId });
    expect(refused.statusCode).toBe(403);
    expect((await report(tokens.acme, { courseId })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Course/Report',
      payload: { courseId },
    });
    expect(anonymous.statusCode).toBe(401);
    // The generic routes beside it still answer.
    expect((await admin.call('Course', 'Get', { id: courseId })).statusCode).toBe(200);
  });
});

describe('video rules on the server', () => {
  let c: ReturnType<typeof courseBody> & { id: string };
  const progress = (videoIndex: number, position: number, completed?: boolean) =>
    learner(tokens.john, 'RecordVideoProgress', {
      courseId: c.id,
      videoItemId: c.videos[videoIndex]!.id,
      position,
      ...(completed === undefined ? {} : { completed }),
    });

  beforeAll(async () => {
    const body = courseBody({ allUsers: true, prohibitForward: true, mustWatchInOrder: true });
    c = { ...body, id: await create('Course', body) };
  });

  it('refuses a video before the previous ones are completed (must watch in order)', async () => {
    const res = await progress(1, 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WATCH_IN_ORDER);
    const course = await mine(tokens.john, c.id);
    expect(course?.videos.map((v) => v.unlocked)).toEqual([true, false]);
  });

  it('refuses skipping ahead beyond the furthest position + 10 s + 2x the time since the last report', async () => {
    expect((await progress(0, 0)).statusCode).toBe(200);
    const skip = await progress(0, 60);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ message: FORWARD_PROHIBITED, data: { furthest: 0 } });
    expect((await progress(0, 8)).statusCode).toBe(200);
    clock.advance(30_000);
    expect((await progress(0, 60)).statusCode).toBe(200);
    const early = await progress(0, 60, true);
    expect(early.statusCode).toBe(422);
    expect(JSON.stringify(early.json())).toContain(NOT_AT_END);
    expect((await progress(0, 20)).statusCode).toBe(200); // back is always allowed
    clock.advance(120_000);
    const end = await progress(0, LENGTH - 2);
    expect(end.statusCode, end.body).toBe(200);
    const after = end.json().data as MyCourse;
    expect(after.videos[0]).toMatchObject({ completed: true, furthest: LENGTH - 2 });
    expect(after.videos[1]!.unlocked).toBe(true);
    expect((await progress(1, 3)).statusCode).toBe(200);
  });

  it('lists a course before its start but accepts no progress until then', async () => {
    const body = courseBody({ allUsers: true, startAt: iso(DAY), endAt: iso(3 * DAY), expiresAt: null });
    const id = await create('Course', body);
    expect(await mine(tokens.john, id)).toMatchObject({ open: false, state: 'notStarted' });
    const res = await learner(tokens.john, 'RecordVideoProgress', {
      courseId: id,
      videoItemId: body.videos[0]!.id,
      position: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(COURSE_NOT_OPEN);
  });
});

describe('quizzes: scoring, limits and what the learner sees', () => {
  let courseId: string;
  let ids: ReturnType<typeof quizBody>['ids'];

  beforeAll(async () => {
    const quiz = quizBody({
      type: 'prePost',
      attemptLimit: 2,
      timeLimitMinutes: 10,
      randomOrder: true,
      showSelectedAnswers: true,
      showCorrectAnswers: false,
    });
    ids = quiz.ids;
    const quizId = await create('Quiz', quiz.body);
    courseId = await create(
      'Course',
      courseBody({ allUsers: true, quizIds: [quizId], postTestCondition: 'anytime', expiresAt: null }),
    );
  });

  it('starts an attempt without any correct flag and resumes it rather than starting another', async () => {
    const res = await learner(tokens.kanya, 'StartQuiz', { courseId, slot: 'pre' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('correct');
    const attempt = res.json().data;
    expect(attempt).toMatchObject({ attemptNumber: 1, attemptLimit: 2, total: 3, submittedAt: null });
    expect(attempt.questions.map((q: { id: string }) => q.id).sort()).toEqual([ids.q1, ids.q2].sort());
    expect(Date.parse(attempt.deadline) - Date.parse(attempt.startedAt)).toBe(10 * MINUTE);
    expect((await ok<{ id: string }>(tokens.kanya, 'StartQuiz', { courseId, slot: 'pre' })).id).toBe(
      attempt.id,
    );
  });

  it('scores single choice by its one correct option and multiple choice only by exactly the correct set', async () => {
    const attempt = await ok<{ id: string }>(tokens.kanya, 'StartQuiz', { courseId, slot: 'pre' });
    const res = await learner(tokens.kanya, 'SubmitQuiz', {
      attemptId: attempt.id,
      answers: { [ids.q1]: [ids.a], [ids.q2]: [ids.c] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data;
    expect(done).toMatchObject({ score: 1, total: 3, passed: false });
    // Selected answers shown, correct ones not (the quiz's settings).
    expect(res.body).not.toContain('correct');
    const q2 = done.questions.find((q: { id: string }) => q.id === ids.q2);
    expect(
      Object.fromEntries(q2.options.map((o: { id: string; selected: boolean }) => [o.id, o.selected])),
    ).toEqual({ [ids.c]: true, [ids.d]: false, [ids.e]: false });

    const post = await ok<{ id: string }>(tokens.kanya, 'StartQuiz', { courseId, slot: 'post' });
    const wrong = await ok<{ score: number }>(tokens.kanya, 'SubmitQuiz', {
      attemptId: post.id,
      answers: { [ids.q1]: [ids.a, ids.b], [ids.q2]: [ids.c, ids.d, ids.e] },
    });
    expect(wrong.score).toBe(0);
  });

  it('refuses a submission after the time limit and its grace, accepts one within the grace', async () => {
    const late = await ok<{ id: string }>(tokens.kanya, 'StartQuiz', { courseId, slot: 'pre' });
    clock.advance(11 * MINUTE);
    const refused = await learner(tokens.kanya, 'SubmitQuiz', {
      attemptId: late.id,
      answers: { [ids.q1]: [ids.a], [ids.q2]: [ids.c, ids.d] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUIZ_TIME_UP);

    const post = await ok<{ id: string }>(tokens.kanya, 'StartQuiz', { courseId, slot: 'post' });
    clock.advance(10 * MINUTE + 20_000);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const payload = { attemptId: post.id, answers: { [ids.q1]: [ids.a], [ids.q2]: [ids.d, ids.c] } };
    const first = await learner(tokens.kanya, 'SubmitQuiz', payload, key);
    expect(first.json().data).toMatchObject({ score: 3, passed: true });
    const replay = await learner(tokens.kanya, 'SubmitQuiz', payload, key);
    expect(replay.json()).toEqual(first.json());
  });

  it('refuses an attempt beyond the limit (every started attempt counts) and lists the results', async () => {
    for (const slot of ['pre', 'post']) {
      const res = await learner(tokens.kanya, 'StartQuiz', { courseId, slot });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ATTEMPTS_USED);
    }
    const results = await ok<
      { courseId: string; slot: string; score: number | null; timedOut: boolean; courseName: string }[]
    >(tokens.kanya, 'MyResults');
    const ofCourse = results.filter((r) => r.courseId === courseId);
    expect(ofCourse[0]?.courseName).toBe('Forklift basics');
    expect(ofCourse.map((r) => [r.slot, r.score, r.timedOut])).toEqual([
      ['post', 3, false],
      ['pre', null, true],
      ['post', 0, false],
      ['pre', 1, false],
    ]);
    const course = await mine(tokens.kanya, courseId);
    expect(course?.quizzes.map((q) => [q.slot, q.state, q.result, q.bestScore, q.available])).toEqual([
      ['pre', 'finished', 'fail', 1, false],
      ['post', 'finished', 'pass', 3, false],
    ]);
  });

  it('opens the post-test only once the videos are watched, then shows the correct answers if the quiz says so', async () => {
    const quiz = quizBody({ showSelectedAnswers: false, showCorrectAnswers: true, passingScore: null });
    const body = courseBody({ allUsers: true, quizIds: [await create('Quiz', quiz.body)] });
    const id = await create('Course', body);
    const locked = await learner(tokens.john, 'StartQuiz', { courseId: id, slot: 'post' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(POST_TEST_LOCKED_FINISH_ALL);
    expect((await learner(tokens.john, 'StartQuiz', { courseId: id, slot: 'pre' })).statusCode).toBe(404);
    await watchAll(tokens.john, { id, videos: body.videos });
    const attempt = await ok<{ id: string }>(tokens.john, 'StartQuiz', { courseId: id, slot: 'post' });
    const res = await learner(tokens.john, 'SubmitQuiz', { attemptId: attempt.id, answers: {} });
    const done = res.json().data;
    // No passing score: submitting passes, even with 0 points.
    expect(done).toMatchObject({ score: 0, passed: true });
    expect(res.body).not.toContain('selected');
    const q1 = done.questions.find((q: { id: string }) => q.id === quiz.ids.q1);
    expect(q1.options.map((o: { correct: boolean }) => o.correct)).toEqual([true, false]);
    expect(await stateOf(tokens.john, id)).toBe('finishedBeforeExpiry');
  });
});

describe('who sees which course', () => {
  let openToAll: ReturnType<typeof courseBody> & { id: string };
  let groupOnly: ReturnType<typeof courseBody> & { id: string };

  beforeAll(async () => {
    const a = courseBody({
      name: 'Quality tools',
      viewSetting: 'all',
      departmentIds: [depts['Quality Assurance']],
    });
    openToAll = { ...a, id: await create('Course', a) };
    const g = courseBody({
      name: 'QA only',
      viewSetting: 'group',
      departmentIds: [depts['Quality Assurance']],
    });
    groupOnly = { ...g, id: await create('Course', g) };
  });

  it('answers a learner without rights with the spec message and takes their request as a requested enrolment', async () => {
    const listed = await mine(tokens.john, openToAll.id);
    expect(listed).toMatchObject({ assigned: false, request: null });
    const refused = await learner(tokens.john, 'RecordVideoProgress', {
      courseId: openToAll.id,
      videoItemId: openToAll.videos[0]!.id,
      position: 0,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_RIGHTS_TO_COURSE);

    const asked = await ok<{ id: string; status: string }>(tokens.john, 'RequestCourseAccess', {
      courseId: openToAll.id,
    });
    expect(asked.status).toBe('requested');
    const again = await ok<{ id: string }>(tokens.john, 'RequestCourseAccess', { courseId: openToAll.id });
    expect(again.id).toBe(asked.id);
    expect((await mine(tokens.john, openToAll.id))?.request).toBe('requested');

    const pulled = (await admin.pull({ Enrolment: '' })).json().data;
    const rows = JSON.stringify(pulled);
    expect(rows).toContain(asked.id);
    const got = (await admin.call('Enrolment', 'Get', { id: asked.id })).json().data;
    expect(got).toMatchObject({ courseId: openToAll.id, userId: userIds.john, status: 'requested' });
    expect(got.requestedAt).toBeTruthy();

    const assigned = await learner(tokens.kanya, 'RequestCourseAccess', { courseId: openToAll.id });
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().message).toBe(COURSE_ALREADY_TAKEN);
  });

  it('hides a course shown to its groups only, and every course of another company (404)', async () => {
    expect(await mine(tokens.john, groupOnly.id)).toBeUndefined();
    expect(await mine(tokens.kanya, groupOnly.id)).toBeDefined();
    const calls = (courseId: string, videoItemId: string) =>
      [
        ['RequestCourseAccess', { courseId }],
        ['RecordVideoProgress', { courseId, videoItemId, position: 0 }],
        ['StartQuiz', { courseId, slot: 'post' }],
      ] as const;
    for (const [action, payload] of calls(groupOnly.id, groupOnly.videos[0]!.id)) {
      const res = await learner(tokens.john, action, payload);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe(COURSE_NOT_FOUND);
    }
    const michael = await t.login('ACME', 'michael', DEMO_USER_PASSWORD);
    for (const [action, payload] of calls(openToAll.id, openToAll.videos[0]!.id))
      expect((await learner(michael, action, payload)).statusCode, action).toBe(404);
    const theirs = await ok<MyCourse[]>(michael, 'MyCourses');
    expect(theirs.map((c) => c.id)).not.toContain(openToAll.id);
    expect((await report(tokens.acme, { courseId: groupOnly.id })).statusCode).toBe(404);
  });
});

describe('demo progress (seedProgress)', () => {
  it('does nothing without courses, then tells several stories through the learner calls', async () => {
    const { companyId } = await createCompany(t.app.db, {
      code: 'NORTH',
      name: 'Northwind Foods',
      admin: {
        username: 'owner',
        password: 'Start@2026',
        firstName: 'Nok',
        lastName: 'Wong',
        email: 'nok@north.example',
        phone: '0812345678',
        employeeId: 'N-1',
      },
    });
    expect(await seedProgress(t.app.db, companyId, clock.now())).toBe(0);
    const ownerToken = await t.login('NORTH', 'owner', 'Start@2026');
    const north = resourceClient(t, ownerToken);
    const roleId = (await north.call('Role', 'List', {})).json().data.items[0].id;
    for (const i of [1, 2, 3, 4, 5])
      await create(
        'User',
        {
          employeeId: `N-${i + 1}`,
          firstName: `Cook${i}`,
          lastName: 'Staff',
          email: `cook${i}@north.example`,
          phone: `08123456${i}0`,
          username: `cook${i}`,
          password: 'Start@2026',
          roleId,
        },
        north,
      );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/File/UploadFileStringBase',
      headers: bearer(ownerToken),
      payload: { base64: VIDEO.toString('base64'), fileName: 'hands.mp4', kind: 'video' },
    });
    const url = upload.json().data.url as string;
    await t.app.db
      .update(files)
      .set({ durationSeconds: 90 })
      .where(eq(files.id, url.split('/')[2]!));
    const topicId = await create('Topic', { title: 'Food safety' }, north);
    const libraryVideo = await create('Video', { title: 'Hand washing', topicId, file: url }, north);
    const quizId = await create('Quiz', quizBody().body, north);
    const item = (title: string) => ({
      id: crypto.randomUUID(),
      videoId: libraryVideo,
      title,
      durationSeconds: 90,
    });
    const courseId = await create(
      'Course',
      {
        name: 'Food safety',
        startAt: iso(-30 * DAY),
        endAt: iso(-DAY),
        expiresAt: iso(10 * DAY),
        allUsers: true,
        prohibitForward: true,
        mustWatchInOrder: true,
        videos: [item('Wash'), item('Dry')],
        quizIds: [quizId],
      },
      north,
    );
    expect(await seedProgress(t.app.db, companyId, clock.now())).toBe(5);
    const r = (await report(ownerToken, { courseId })).json().data;
    expect(r.totals).toMatchObject({ finishedBeforeExpiry: 2, delay: 4 });
    const stories = r.items.map((i: { name: string; videosCompleted: number; post: { result: string } }) => [
      i.name,
      i.videosCompleted,
      i.post.result,
    ]);
    expect(stories).toEqual([
      ['Cook1 Staff', 2, 'pass'],
      ['Cook2 Staff', 1, null],
      ['Cook3 Staff', 0, null],
      ['Cook4 Staff', 2, 'fail'],
      ['Cook5 Staff', 2, 'pass'],
      ['Nok Wong', 0, null],
    ]);
  });
});
