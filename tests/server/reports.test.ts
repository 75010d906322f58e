import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Area, FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import {
  FILTER_NOT_TAKEN,
  RANGE_INCOMPLETE,
  RANGE_REVERSED,
  REPORT_NAMES,
  REPORTS,
  type ReportName,
  SORT_UNKNOWN,
} from '#contract/reports.ts';
import { files, roles } from '../../server/db/schema.ts';
import { requestCourseAccess } from '../../server/services/course-access.ts';
import { recordVideoProgress } from '../../server/services/course-progress.ts';
import { createCompany } from '../../server/services/create-company.ts';
import { startQuiz, submitQuiz } from '../../server/services/quiz-attempts.ts';
import { recordView, recordViews } from '../../server/services/view-events.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

// A hand-made company (RPT, days in Asia/Bangkok, UTC+7) whose every figure is written below:
// 4 users (admin; Anan and Beth active, Chai inactive) in departments Production and Sales and
// a group (members Anan and Beth), 3 contents, 5 views on two local days, 3 courses, 2 requests.
const clock = makeClock(new Date('2030-05-10T05:00:00Z'));
const VIDEO = readFileSync(new URL('../fixtures/media/video-640x360.mp4', import.meta.url));
const PASSWORD = 'Report@1234';
const BKK = 'Asia/Bangkok';

let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
let adminToken: string;
let otherToken: string;
let companyId: string;
const id = {} as Record<
  | 'admin'
  | 'anan'
  | 'beth'
  | 'chai'
  | 'production'
  | 'sales'
  | 'group'
  | 'reading'
  | 'clip'
  | 'safety'
  | 'salesKnowledge'
  | 'a1'
  | 'a2'
  | 'v1'
  | 'c1'
  | 'c2'
  | 'c3'
  | 'probeRole'
  | 'employeeRole'
  | 'otherDepartment'
  | 'otherCourse'
  | 'otherContent'
  | 'ananRequest'
  | 'bethRequest',
  string
>;

async function create(resource: string, body: object, client = admin) {
  const newId = uuidv7();
  const res = await client.call(resource, 'Create', { id: newId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return newId;
}

const post = (token: string, name: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/Report/${name}`, headers: bearer(token), payload });

async function report(name: ReportName | 'Dashboard', payload: object = {}, token = adminToken) {
  const res = await post(token, name, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const rows = async (name: ReportName, payload: object = {}) => (await report(name, payload)).items;

async function person(employeeId: string, firstName: string, lastName: string, over: object) {
  return create('User', {
    employeeId,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@rpt.example`,
    phone: '0812345678',
    username: firstName.toLowerCase(),
    password: PASSWORD,
    roleId: id.employeeRole,
    ...over,
  });
}

const view = (userId: string, contentId: string, seconds: number, at: string, company = companyId) =>
  recordView(t.app.db, { companyId: company, userId, contentId, seconds, viewedAt: new Date(at) });

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now, seed: false });
  for (const [code, first] of [
    ['RPT', 'Zed'],
    ['OTHER', 'Olga'],
  ] as const)
    await createCompany(t.app.db, {
      code,
      name: `${code} Co.`,
      admin: {
        username: 'admin',
        password: PASSWORD,
        firstName: first,
        lastName: 'Admin',
        email: `admin@${code.toLowerCase()}.example`,
        phone: '0812345678',
        employeeId: `${code}-000`,
      },
    });
  adminToken = await t.login('RPT', 'admin', PASSWORD);
  otherToken = await t.login('OTHER', 'admin', PASSWORD);
  admin = resourceClient(t, adminToken);
  const session = async (token: string) =>
    (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json().data as {
      userID: string;
      companyID: string;
    };
  ({ userID: id.admin, companyID: companyId } = await session(adminToken));
  const otherCompany = (await session(otherToken)).companyID;
  const otherAdmin = (await session(otherToken)).userID;

  for (const r of (await admin.call('Role', 'List', { per_page: 10 })).json().data.items)
    if (r.name === 'Employee') id.employeeRole = r.id;
  id.probeRole = await create('Role', { name: 'Probe', permissions: permissionsWith(() => NO_ACCESS) });
  id.production = await create('Department', { name: 'Production' });
  id.sales = await create('Department', { name: 'Sales' });
  id.anan = await person('R-001', 'Anan', 'Kaew', { departmentId: id.production });
  id.beth = await person('R-002', 'Beth', 'Moon', { departmentId: id.sales });
  id.chai = await person('R-003', 'Chai', 'Dee', { departmentId: id.sales, active: false });
  id.group = await create('Department', { name: 'Safety group', memberIds: [id.anan, id.beth] });

  id.reading = await create('TypeOfContent', { name: 'Reading' });
  id.clip = await create('TypeOfContent', { name: 'Video clip' });
  id.safety = await create('TypeOfKnowledge', { name: 'Safety' });
  id.salesKnowledge = await create('TypeOfKnowledge', { name: 'Selling' });
  const topicId = await create('Topic', { title: 'Shop floor' });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(adminToken),
    payload: { base64: VIDEO.toString('base64'), fileName: 'clip.mp4', kind: 'video' },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const url = upload.json().data.url as string;
  // A length of 0: a course video of it is completed by the learner's flag.
  await t.app.db
    .update(files)
    .set({ durationSeconds: 0 })
    .where(eq(files.id, url.split('/')[2]!));
  const article = (title: string, over: object) =>
    create('Article', { title, topicId, body: 'Text.', ...over });
  id.a1 = await article('Forklift safety', { typeOfContentId: id.reading, typeOfKnowledgeId: id.safety });
  id.a2 = await article('Sales talk', { typeOfContentId: id.reading });
  id.v1 = await create('Video', { title: 'Safety clip', topicId, file: url, typeOfContentId: id.clip });

  // Views. Bangkok days: e1 on 7 May (23:30), e2 on 8 May (00:30, still 7 May in UTC), the rest on 8 May.
  await view(id.anan, id.a1, 60, '2030-05-07T16:30:00Z');
  await view(id.anan, id.a1, 120, '2030-05-07T17:30:00Z');
  await view(id.beth, id.a1, 30, '2030-05-08T03:00:00Z');
  await view(id.beth, id.v1, 100, '2030-05-08T04:00:00Z');
  await view(id.chai, id.a2, 10, '2030-05-08T05:00:00Z');

  // Courses. C1 (Production, with a post-test): Anan finishes and passes. C2 (Sales, ended 5 May,
  // expires 30 May): Beth completes one of two videos, so she is late. C3 (visible to all, no
  // audience): Anan and Beth ask for access; Anan's request is accepted.
  const quizIds = {
    q: crypto.randomUUID(),
    right: crypto.randomUUID(),
    wrong: crypto.randomUUID(),
  };
  const quizId = await create('Quiz', {
    name: 'Forklift test',
    type: 'post',
    passingScore: 1,
    sections: [
      {
        id: crypto.randomUUID(),
        title: 'Basics',
        questions: [
          {
            id: quizIds.q,
            text: 'Check the forks when?',
            kind: 'single',
            score: 1,
            options: [
              { id: quizIds.right, text: 'Before every shift', correct: true },
              { id: quizIds.wrong, text: 'Once a year', correct: false },
            ],
          },
        ],
      },
    ],
  });
  const clipItem = () => ({ id: crypto.randomUUID(), videoId: id.v1, title: 'Clip', durationSeconds: 0 });
  const c1Video = clipItem();
  id.c1 = await create('Course', {
    name: 'Forklift course',
    startAt: '2030-05-01T01:00:00Z',
    endAt: '2030-05-20T01:00:00Z',
    departmentIds: [id.production],
    videos: [c1Video],
    quizIds: [quizId],
  });
  const c2Videos = [clipItem(), clipItem()];
  id.c2 = await create('Course', {
    name: 'Sales course',
    startAt: '2030-04-01T01:00:00Z',
    endAt: '2030-05-05T01:00:00Z',
    expiresAt: '2030-05-30T01:00:00Z',
    departmentIds: [id.sales],
    videos: c2Videos,
  });
  id.c3 = await create('Course', {
    name: 'Open course',
    startAt: '2030-05-02T01:00:00Z',
    endAt: '2030-06-01T01:00:00Z',
    viewSetting: 'all',
    videos: [clipItem()],
  });
  const anan = { companyId, userId: id.anan };
  const beth = { companyId, userId: id.beth };
  const at = (iso: string) => new Date(iso);
  await t.app.db.transaction(async (tx) => {
    await recordVideoProgress(
      tx,
      anan,
      { courseId: id.c1, videoItemId: c1Video.id, position: 0, completed: true },
      at('2030-05-03T02:00:00Z'),
    );
    const attempt = await startQuiz(tx, anan, id.c1, 'post', at('2030-05-03T03:00:00Z'));
    await submitQuiz(
      tx,
      anan,
      { attemptId: attempt.id, answers: { [quizIds.q]: [quizIds.right] } },
      at('2030-05-03T03:05:00Z'),
    );
    await recordVideoProgress(
      tx,
      beth,
      { courseId: id.c2, videoItemId: c2Videos[0]!.id, position: 0, completed: true },
      at('2030-05-02T02:00:00Z'),
    );
    id.ananRequest = (await requestCourseAccess(tx, anan, id.c3, at('2030-05-08T02:00:00Z'))).enrolment.id;
    id.bethRequest = (await requestCourseAccess(tx, beth, id.c3, at('2030-05-09T02:00:00Z'))).enrolment.id;
  });
  const request = (await admin.call('Enrolment', 'Get', { id: id.ananRequest })).json().data;
  const accepted = await admin.call('Enrolment', 'Update', { ...request, status: 'enrolled' });
  expect(accepted.statusCode, accepted.body).toBe(200);

  // Another company: a department, a course, a content and views of its own, never counted in RPT.
  const other = resourceClient(t, otherToken);
  id.otherDepartment = await create('Department', { name: 'Production' }, other);
  id.otherCourse = await create(
    'Course',
    {
      name: 'Forklift course',
      startAt: '2030-05-01T01:00:00Z',
      endAt: '2030-05-20T01:00:00Z',
      allUsers: true,
    },
    other,
  );
  const otherTopic = await create('Topic', { title: 'Other' }, other);
  id.otherContent = await create(
    'Article',
    { title: 'Forklift safety', topicId: otherTopic, body: 'x' },
    other,
  );
  for (const when of ['2030-05-07T16:30:00Z', '2030-05-08T03:00:00Z'])
    await view(otherAdmin, id.otherContent, 500, when, otherCompany);
});
afterAll(() => t?.close());

const pick = <T extends Record<string, unknown>>(items: T[], keys: (keyof T)[]) =>
  items.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe('user-activity', () => {
  it('counts views, contents, seconds and the last view per user, all time', async () => {
    const data = await report('UserActivity');
    expect(data.total).toBe(4);
    expect(data.totals).toEqual({ views: 5, seconds: 320 });
    expect(data.asOf).toBe(clock.now().toISOString());
    expect(data.items).toEqual([
      {
        userId: id.anan,
        employeeId: 'R-001',
        name: 'Anan Kaew',
        department: 'Production',
        state: 'active',
        views: 2,
        contents: 1,
        seconds: 180,
        lastViewedAt: '2030-05-07T17:30:00.000Z',
      },
      {
        userId: id.beth,
        employeeId: 'R-002',
        name: 'Beth Moon',
        department: 'Sales',
        state: 'active',
        views: 2,
        contents: 2,
        seconds: 130,
        lastViewedAt: '2030-05-08T04:00:00.000Z',
      },
      {
        userId: id.chai,
        employeeId: 'R-003',
        name: 'Chai Dee',
        department: 'Sales',
        state: 'inactive',
        views: 1,
        contents: 1,
        seconds: 10,
        lastViewedAt: '2030-05-08T05:00:00.000Z',
      },
      {
        userId: id.admin,
        employeeId: 'RPT-000',
        name: 'Zed Admin',
        department: '',
        state: 'active',
        views: 0,
        contents: 0,
        seconds: 0,
        lastViewedAt: null,
      },
    ]);
  });

  it('counts the days of the range in its time zone', async () => {
    const bkk = await report('UserActivity', { from: '2030-05-08', to: '2030-05-08', timeZone: BKK });
    expect(bkk.totals).toEqual({ views: 4, seconds: 260 });
    expect(pick(bkk.items, ['name', 'views'])).toEqual([
      { name: 'Beth Moon', views: 2 },
      { name: 'Anan Kaew', views: 1 },
      { name: 'Chai Dee', views: 1 },
      { name: 'Zed Admin', views: 0 },
    ]);
    const utc = await report('UserActivity', { from: '2030-05-08', to: '2030-05-08', timeZone: 'UTC' });
    expect(utc.totals).toEqual({ views: 3, seconds: 140 });
    // Myanmar (UTC+06:30): 7 May 16:30 UTC is 23:00 on 7 May, 17:30 UTC is 00:00 on 8 May.
    const yangon = await report('UserActivity', {
      from: '2030-05-07',
      to: '2030-05-07',
      timeZone: 'Asia/Yangon',
    });
    expect(yangon.totals).toEqual({ views: 1, seconds: 60 });
  });

  it('filters by department (main or group member), state and search; sorts and pages', async () => {
    const names = async (payload: object) =>
      (await rows('UserActivity', payload)).map((r: { name: string }) => r.name);
    expect(await names({ departmentId: id.group })).toEqual(['Anan Kaew', 'Beth Moon']);
    expect(await names({ departmentId: id.sales })).toEqual(['Beth Moon', 'Chai Dee']);
    expect(await names({ userState: 'inactive' })).toEqual(['Chai Dee']);
    expect(await names({ search: 'r-003' })).toEqual(['Chai Dee']);
    expect(await names({ search: 'moon' })).toEqual(['Beth Moon']);
    expect(await names({ sort: 'seconds', order: 'asc' })).toEqual([
      'Zed Admin',
      'Chai Dee',
      'Beth Moon',
      'Anan Kaew',
    ]);
    const page2 = await report('UserActivity', { sort: 'name', page: 2, per_page: 2 });
    expect(page2).toMatchObject({ total: 4, page: 2, per_page: 2, totals: { views: 5, seconds: 320 } });
    expect(page2.items.map((r: { name: string }) => r.name)).toEqual(['Chai Dee', 'Zed Admin']);
    const beyond = await report('UserActivity', { page: 9, per_page: 2 });
    expect(beyond).toMatchObject({ items: [], total: 4, totals: { views: 5, seconds: 320 } });
  });
});

describe('content reports', () => {
  it('content-viewing: views, viewers, seconds per content with its types', async () => {
    const data = await report('ContentViewing');
    expect(data.total).toBe(3);
    expect(data.totals).toEqual({ views: 5, seconds: 320 });
    expect(data.items).toEqual([
      {
        contentId: id.a1,
        title: 'Forklift safety',
        kind: 'Article',
        typeOfContent: 'Reading',
        typeOfKnowledge: 'Safety',
        views: 3,
        viewers: 2,
        seconds: 210,
        lastViewedAt: '2030-05-08T03:00:00.000Z',
      },
      {
        contentId: id.a2,
        title: 'Sales talk',
        kind: 'Article',
        typeOfContent: 'Reading',
        typeOfKnowledge: '',
        views: 1,
        viewers: 1,
        seconds: 10,
        lastViewedAt: '2030-05-08T05:00:00.000Z',
      },
      {
        contentId: id.v1,
        title: 'Safety clip',
        kind: 'Video',
        typeOfContent: 'Video clip',
        typeOfKnowledge: '',
        views: 1,
        viewers: 1,
        seconds: 100,
        lastViewedAt: '2030-05-08T04:00:00.000Z',
      },
    ]);
  });

  it('content-viewing filters', async () => {
    const titles = async (payload: object) =>
      (await rows('ContentViewing', payload)).map(
        (r: { title: string; views: number }) => `${r.title}:${r.views}`,
      );
    expect(await titles({ contentKind: 'Video' })).toEqual(['Safety clip:1']);
    expect(await titles({ typeOfContentId: id.reading })).toEqual(['Forklift safety:3', 'Sales talk:1']);
    expect(await titles({ typeOfKnowledgeId: id.safety })).toEqual(['Forklift safety:3']);
    expect(await titles({ search: 'talk' })).toEqual(['Sales talk:1']);
    expect(await titles({ departmentId: id.sales, sort: 'title' })).toEqual([
      'Forklift safety:1',
      'Safety clip:1',
      'Sales talk:1',
    ]);
    expect(await titles({ from: '2030-05-07', to: '2030-05-07', timeZone: BKK })).toEqual([
      'Forklift safety:1',
      'Sales talk:0',
      'Safety clip:0',
    ]);
  });

  it('by-type-of-content and by-type-of-knowledge', async () => {
    const byContent = await report('ByTypeOfContent');
    expect(byContent.totals).toEqual({ contents: 3, views: 5, seconds: 320 });
    expect(byContent.items).toEqual([
      { typeId: id.reading, type: 'Reading', contents: 2, views: 4, viewers: 3, seconds: 220 },
      { typeId: id.clip, type: 'Video clip', contents: 1, views: 1, viewers: 1, seconds: 100 },
    ]);
    const byKnowledge = await report('ByTypeOfKnowledge');
    expect(byKnowledge.total).toBe(3);
    expect(byKnowledge.totals).toEqual({ contents: 3, views: 5, seconds: 320 });
    expect(byKnowledge.items).toEqual([
      { typeId: id.safety, type: 'Safety', contents: 1, views: 3, viewers: 2, seconds: 210 },
      { typeId: null, type: '', contents: 2, views: 2, viewers: 2, seconds: 110 },
      { typeId: id.salesKnowledge, type: 'Selling', contents: 0, views: 0, viewers: 0, seconds: 0 },
    ]);
    const videos = await report('ByTypeOfContent', { contentKind: 'Video', sort: 'type' });
    expect(pick(videos.items, ['type', 'contents', 'views'])).toEqual([
      { type: 'Reading', contents: 0, views: 0 },
      { type: 'Video clip', contents: 1, views: 1 },
    ]);
    const ranged = await report('ByTypeOfKnowledge', {
      from: '2030-05-08',
      to: '2030-05-08',
      timeZone: BKK,
      departmentId: id.group,
    });
    expect(pick(ranged.items, ['type', 'views', 'viewers', 'seconds'])).toEqual([
      { type: 'Safety', views: 2, viewers: 2, seconds: 150 },
      { type: '', views: 1, viewers: 1, seconds: 100 },
      { type: 'Selling', views: 0, viewers: 0, seconds: 0 },
    ]);
  });
});

describe('course reports', () => {
  it('user-course-status-report: one row per learner and course with its state', async () => {
    const data = await report('UserCourseStatus');
    expect(data.total).toBe(3);
    expect(data.totals).toEqual({});
    expect(data.items).toEqual([
      {
        userId: id.anan,
        employeeId: 'R-001',
        name: 'Anan Kaew',
        department: 'Production',
        courseId: id.c1,
        course: 'Forklift course',
        state: 'finishedBeforeExpiry',
        startedAt: '2030-05-03T02:00:00.000Z',
        finishedAt: '2030-05-03T03:05:00.000Z',
        postTest: 'pass',
      },
      {
        userId: id.anan,
        employeeId: 'R-001',
        name: 'Anan Kaew',
        department: 'Production',
        courseId: id.c3,
        course: 'Open course',
        state: 'notStarted',
        startedAt: null,
        finishedAt: null,
        postTest: null,
      },
      {
        userId: id.beth,
        employeeId: 'R-002',
        name: 'Beth Moon',
        department: 'Sales',
        courseId: id.c2,
        course: 'Sales course',
        state: 'delay',
        startedAt: '2030-05-02T02:00:00.000Z',
        finishedAt: null,
        postTest: null,
      },
    ]);
    const pairs = async (payload: object) =>
      (await rows('UserCourseStatus', payload)).map(
        (r: { name: string; course: string }) => `${r.name}/${r.course}`,
      );
    expect(await pairs({ courseState: 'delay' })).toEqual(['Beth Moon/Sales course']);
    expect(await pairs({ courseId: id.c1 })).toEqual(['Anan Kaew/Forklift course']);
    expect(await pairs({ departmentId: id.sales })).toEqual(['Beth Moon/Sales course']);
    expect(await pairs({ search: 'open' })).toEqual(['Anan Kaew/Open course']);
    expect(await pairs({ sort: 'course', order: 'desc' })).toEqual([
      'Beth Moon/Sales course',
      'Anan Kaew/Open course',
      'Anan Kaew/Forklift course',
    ]);
    // Running in 6-7 May: not the Sales course, which ended on 5 May.
    expect(await pairs({ from: '2030-05-06', to: '2030-05-07', timeZone: BKK })).toEqual([
      'Anan Kaew/Forklift course',
      'Anan Kaew/Open course',
    ]);
  });

  it('assignment-course: learners per state and passed, per course', async () => {
    const data = await report('AssignmentCourse');
    expect(data.totals).toEqual({
      learners: 3,
      notStarted: 1,
      inProgress: 0,
      delay: 1,
      finished: 1,
      notFinished: 0,
      passed: 1,
    });
    expect(data.items).toEqual([
      {
        courseId: id.c3,
        course: 'Open course',
        startAt: '2030-05-02T01:00:00.000Z',
        endAt: '2030-06-01T01:00:00.000Z',
        learners: 1,
        notStarted: 1,
        inProgress: 0,
        delay: 0,
        finished: 0,
        notFinished: 0,
        passed: 0,
      },
      {
        courseId: id.c1,
        course: 'Forklift course',
        startAt: '2030-05-01T01:00:00.000Z',
        endAt: '2030-05-20T01:00:00.000Z',
        learners: 1,
        notStarted: 0,
        inProgress: 0,
        delay: 0,
        finished: 1,
        notFinished: 0,
        passed: 1,
      },
      {
        courseId: id.c2,
        course: 'Sales course',
        startAt: '2030-04-01T01:00:00.000Z',
        endAt: '2030-05-05T01:00:00.000Z',
        learners: 1,
        notStarted: 0,
        inProgress: 0,
        delay: 1,
        finished: 0,
        notFinished: 0,
        passed: 0,
      },
    ]);
    const courses = async (payload: object) =>
      (await rows('AssignmentCourse', payload)).map(
        (r: { course: string; learners: number }) => `${r.course}:${r.learners}`,
      );
    expect(await courses({ search: 'forklift' })).toEqual(['Forklift course:1']);
    expect(await courses({ courseId: id.c2 })).toEqual(['Sales course:1']);
    expect(await courses({ departmentId: id.sales, sort: 'course' })).toEqual([
      'Forklift course:0',
      'Open course:0',
      'Sales course:1',
    ]);
    expect(await courses({ from: '2030-05-06', to: '2030-05-07', timeZone: BKK })).toEqual([
      'Open course:1',
      'Forklift course:1',
    ]);
  });

  it('requested-user: the access requests with their status', async () => {
    const data = await report('RequestedUser');
    expect(data.total).toBe(2);
    expect(data.items).toEqual([
      {
        enrolmentId: id.bethRequest,
        userId: id.beth,
        employeeId: 'R-002',
        name: 'Beth Moon',
        department: 'Sales',
        courseId: id.c3,
        course: 'Open course',
        status: 'requested',
        requestedAt: '2030-05-09T02:00:00.000Z',
      },
      {
        enrolmentId: id.ananRequest,
        userId: id.anan,
        employeeId: 'R-001',
        name: 'Anan Kaew',
        department: 'Production',
        courseId: id.c3,
        course: 'Open course',
        status: 'enrolled',
        requestedAt: '2030-05-08T02:00:00.000Z',
      },
    ]);
    const who = async (payload: object) =>
      (await rows('RequestedUser', payload)).map((r: { name: string }) => r.name);
    expect(await who({ requestStatus: 'requested' })).toEqual(['Beth Moon']);
    expect(await who({ from: '2030-05-08', to: '2030-05-08', timeZone: BKK })).toEqual(['Anan Kaew']);
    expect(await who({ departmentId: id.production })).toEqual(['Anan Kaew']);
    expect(await who({ courseId: id.c1 })).toEqual([]);
    expect(await who({ search: 'R-002' })).toEqual(['Beth Moon']);
    expect(await who({ sort: 'name' })).toEqual(['Anan Kaew', 'Beth Moon']);
  });
});

describe('dashboard', () => {
  it('answers every widget over the range, zero days included', async () => {
    const data = await report('Dashboard', { from: '2030-05-07', to: '2030-05-09', timeZone: BKK });
    expect(data).toEqual({
      asOf: clock.now().toISOString(),
      users: { all: 4, active: 3, inactive: 1 },
      totalViews: 5,
      viewsByDay: [
        { day: '2030-05-07', views: 1 },
        { day: '2030-05-08', views: 4 },
        { day: '2030-05-09', views: 0 },
      ],
      topDays: [
        { day: '2030-05-08', views: 4 },
        { day: '2030-05-07', views: 1 },
      ],
      topContents: [
        { id: id.a1, name: 'Forklift safety', kind: 'Article', views: 3 },
        { id: id.v1, name: 'Safety clip', kind: 'Video', views: 1 },
        { id: id.a2, name: 'Sales talk', kind: 'Article', views: 1 },
      ],
      topUsers: [
        { id: id.anan, name: 'Anan Kaew', employeeId: 'R-001', department: 'Production', views: 2 },
        { id: id.beth, name: 'Beth Moon', employeeId: 'R-002', department: 'Sales', views: 2 },
        { id: id.chai, name: 'Chai Dee', employeeId: 'R-003', department: 'Sales', views: 1 },
      ],
      // The courses running in 7-9 May: Forklift (Anan finished) and Open (Anan not started).
      courseStatus: {
        notStarted: 1,
        inProgress: 0,
        delay: 0,
        finishedBeforeExpiry: 1,
        finishedAfterExpiry: 0,
        notFinished: 0,
      },
      topCourses: [
        { id: id.c1, name: 'Forklift course', learners: 1, finished: 1 },
        { id: id.c3, name: 'Open course', learners: 1, finished: 0 },
      ],
      topDepartments: [
        { id: id.sales, name: 'Sales', viewers: 2, views: 3 },
        { id: id.production, name: 'Production', viewers: 1, views: 2 },
      ],
    });
  });

  it('names the days in the time zone asked', async () => {
    const utc = await report('Dashboard', { from: '2030-05-07', to: '2030-05-08', timeZone: 'UTC' });
    expect(utc.viewsByDay).toEqual([
      { day: '2030-05-07', views: 2 },
      { day: '2030-05-08', views: 3 },
    ]);
    const yangon = await report('Dashboard', {
      from: '2030-05-08',
      to: '2030-05-08',
      timeZone: 'Asia/Yangon',
    });
    expect(yangon.totalViews).toBe(4);
  });
});

describe('tenant isolation', () => {
  it("another company's views, courses and requests are never counted", async () => {
    const other = await report('UserActivity', {}, otherToken);
    expect(other.totals).toEqual({ views: 2, seconds: 1000 });
    expect(other.items.map((r: { name: string }) => r.name)).toEqual(['Olga Admin']);
    const content = await report('ContentViewing', {}, otherToken);
    expect(content.items.map((r: { contentId: string }) => r.contentId)).toEqual([id.otherContent]);
    expect((await report('RequestedUser', {}, otherToken)).total).toBe(0);
    const dash = await report(
      'Dashboard',
      { from: '2030-05-07', to: '2030-05-09', timeZone: BKK },
      otherToken,
    );
    expect(dash).toMatchObject({ users: { all: 1 }, totalViews: 2 });
    expect(dash.topCourses.map((c: { id: string }) => c.id)).toEqual([id.otherCourse]);
  });

  it("another company's department or course id gives no rows", async () => {
    for (const name of [
      'UserActivity',
      'ContentViewing',
      'ByTypeOfContent',
      'UserCourseStatus',
      'RequestedUser',
    ] as const) {
      const data = await report(name, { departmentId: id.otherDepartment });
      expect(data.totals.views ?? 0, name).toBe(0);
      if (name === 'UserCourseStatus' || name === 'RequestedUser') expect(data.total, name).toBe(0);
    }
    for (const name of ['UserCourseStatus', 'AssignmentCourse', 'RequestedUser'] as const)
      expect((await report(name, { courseId: id.otherCourse })).total, name).toBe(0);
  });

  it('refuses a companyID of another company', async () => {
    const res = await post(adminToken, 'UserActivity', { companyID: uuidv7() });
    expect(res.statusCode).toBe(403);
  });
});

describe('permissions', () => {
  let probe: string;
  const grant = (areas: Area[]) =>
    t.app.db
      .update(roles)
      .set({ permissions: permissionsWith((a) => (areas.includes(a) ? FULL_ACCESS : NO_ACCESS)) })
      .where(eq(roles.id, id.probeRole));
  beforeAll(async () => {
    await person('R-009', 'Probe', 'User', { roleId: id.probeRole, username: 'probe' });
    probe = await t.login('RPT', 'probe', PASSWORD);
  });

  it('each report needs its own area; the user course status report any console role', async () => {
    const areaOf = (name: ReportName | 'Dashboard') =>
      name === 'Dashboard' ? 'dashboard' : REPORTS[name].area;
    const all = [...REPORT_NAMES, 'Dashboard'] as const;
    const body = { from: '2030-05-07', to: '2030-05-09', timeZone: BKK };
    // Only the library: a console role without any report area.
    await grant(['library']);
    for (const name of all) {
      const res = await post(probe, name, body);
      expect(res.statusCode, name).toBe(areaOf(name) === 'always' ? 200 : 403);
    }
    for (const area of new Set(all.map(areaOf))) {
      if (area === 'always') continue;
      await grant([area]);
      for (const name of all) {
        const res = await post(probe, name, body);
        expect(res.statusCode, `${name} with ${area}`).toBe(
          areaOf(name) === area || areaOf(name) === 'always' ? 200 : 403,
        );
      }
    }
    // Read is what counts: the area's flag with every action but read is not enough.
    await t.app.db
      .update(roles)
      .set({
        permissions: permissionsWith((a) =>
          a === 'userActivity' ? { ...FULL_ACCESS, read: false } : NO_ACCESS,
        ),
      })
      .where(eq(roles.id, id.probeRole));
    expect((await post(probe, 'UserActivity', {})).statusCode).toBe(403);
    // No area at all (the default Employee role of a new company): a learner, not a console user.
    await grant([]);
    expect((await post(probe, 'UserCourseStatus', {})).statusCode).toBe(403);
  });

  it('checks the permission before the request', async () => {
    await grant(['library']);
    const res = await post(probe, 'UserActivity', { sort: 'nope', courseId: 'x' });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/Report/UserActivity', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('validation', () => {
  const refused = async (name: string, payload: object) => {
    const res = await post(adminToken, name, payload);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().data.fields as { path: string; message: string }[];
  };
  it('refuses a filter the report does not take, naming it', async () => {
    expect(await refused('UserActivity', { courseId: id.c1 })).toEqual([
      { path: 'courseId', message: FILTER_NOT_TAKEN },
    ]);
    expect(await refused('ByTypeOfContent', { search: 'x' })).toEqual([
      { path: 'search', message: FILTER_NOT_TAKEN },
    ]);
    expect(await refused('AssignmentCourse', { userState: 'active' })).toEqual([
      { path: 'userState', message: FILTER_NOT_TAKEN },
    ]);
  });
  it('refuses a sort column of another report', async () => {
    expect(await refused('UserActivity', { sort: 'title' })).toEqual([
      { path: 'sort', message: SORT_UNKNOWN },
    ]);
  });
  it('refuses a reversed, partial or unknown-zone range', async () => {
    expect(await refused('UserActivity', { from: '2030-05-09', to: '2030-05-08', timeZone: BKK })).toEqual([
      { path: 'to', message: RANGE_REVERSED },
    ]);
    expect(await refused('ContentViewing', { from: '2030-05-08', timeZone: BKK })).toEqual([
      { path: 'to', message: RANGE_INCOMPLETE },
    ]);
    expect(
      await refused('RequestedUser', { from: '2030-05-08', to: '2030-05-09', timeZone: 'Mars/Olympus' }),
    ).toEqual([{ path: 'timeZone', message: 'Unknown time zone' }]);
    expect(await refused('Dashboard', { from: '2030-05-09', to: '2030-05-08', timeZone: BKK })).toEqual([
      { path: 'to', message: RANGE_REVERSED },
    ]);
    expect(await refused('Dashboard', { from: '2030-05-09', to: '2030-05-10' })).toEqual([
      { path: 'timeZone', message: 'Required' },
    ]);
  });
});

// The rollups (docs/reports.md, "Performance"): a company of its own (EDGE) whose views sit on the
// edges of the rollups' buckets, recorded through recordView out of time order; each range below
// reads rollup days, weeks and raw edge views, and its figures are written out.
describe('rollups', () => {
  let edge: { token: string; company: string; admin: string; pim: string; x: string; y: string };
  const edgeReport = async (name: ReportName | 'Dashboard', payload: object = {}) =>
    report(name, payload, edge.token);
  // One row per user (the admin, Pim): views, contents, seconds, last view.
  const activity = async (payload: object) =>
    Object.fromEntries(
      (await edgeReport('UserActivity', { ...payload, sort: 'name' })).items.map(
        (r: {
          name: string;
          views: number;
          contents: number;
          seconds: number;
          lastViewedAt: string | null;
        }) => [r.name, [r.views, r.contents, r.seconds, r.lastViewedAt]],
      ),
    );
  /** Every rollup row of the company with the ids its bitmap names (numbers are the company's own). */
  const snapshot = async (company = edge.company) => {
    const side = (table: string, key: string, bits: string, kind: string) =>
      t.app.db.execute(
        sql.raw(`select r.span, r.day::text as day, r.${key}::text as key, r.views, r.seconds::int as seconds,
          r.last_at, bit_count(r.${bits})::int as bits, array(select n.id from view_numbers n
            where n.company_id = r.company_id and n.kind = '${kind}' and n.num < length(r.${bits})
              and get_bit(r.${bits}, n.num) = 1 order by n.id) as ids
          from ${table} r where r.company_id = '${company}' order by 1, 2, 3`),
      );
    const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
    return {
      users: rowsOf(await side('view_user_rollups', 'user_id', 'contents', 'content')),
      contents: rowsOf(await side('view_content_rollups', 'content_id', 'viewers', 'user')),
      quarters: rowsOf(
        await t.app.db.execute(
          sql`select at, views from view_quarters where company_id = ${company} order by at`,
        ),
      ),
    };
  };

  beforeAll(async () => {
    await createCompany(t.app.db, {
      code: 'EDGE',
      name: 'EDGE Co.',
      admin: {
        username: 'admin',
        password: PASSWORD,
        firstName: 'Eve',
        lastName: 'Admin',
        email: 'admin@edge.example',
        phone: '0812345678',
        employeeId: 'EDGE-000',
      },
    });
    const token = await t.login('EDGE', 'admin', PASSWORD);
    const client = resourceClient(t, token);
    const me = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json().data;
    const roleId = (await client.call('Role', 'List', { per_page: 10 }))
      .json()
      .data.items.find((r: { name: string }) => r.name === 'Employee').id;
    const pim = await create(
      'User',
      {
        employeeId: 'EDGE-001',
        firstName: 'Pim',
        lastName: 'Sun',
        email: 'pim@edge.example',
        phone: '0812345678',
        username: 'pim',
        password: PASSWORD,
        roleId,
      },
      client,
    );
    const topicId = await create('Topic', { title: 'Edges' }, client);
    const x = await create('Article', { title: 'X', topicId, body: 'Text.' }, client);
    const y = await create('Article', { title: 'Y', topicId, body: 'Text.' }, client);
    edge = { token, company: me.companyID, admin: me.userID, pim, x, y };
    // 1: the last millisecond of Sunday 2 June (UTC week, day and quarter); 2: Monday 00:00;
    // 3 and 4: either side of Bangkok's midnight (17:00 UTC); 5: the next week; 6: the week after.
    const views: [number, string, string, number, string][] = [
      [6, edge.admin, y, 60, '2030-06-18T10:00:00.000Z'],
      [1, edge.admin, x, 10, '2030-06-02T23:59:59.999Z'],
      [4, pim, y, 40, '2030-06-03T17:00:00.000Z'],
      [2, pim, x, 20, '2030-06-03T00:00:00.000Z'],
      [5, edge.admin, x, 50, '2030-06-10T10:00:00.000Z'],
      [3, edge.admin, y, 30, '2030-06-03T16:59:59.000Z'],
    ];
    for (const [, userId, contentId, seconds, at] of views)
      await recordView(t.app.db, {
        companyId: edge.company,
        userId,
        contentId,
        seconds,
        viewedAt: new Date(at),
      });
  });

  it('counts the views across day, week and quarter edges, in rollup days, weeks and raw edges', async () => {
    // One Bangkok day (raw views only): 1, 2, 3.
    expect(await activity({ from: '2030-06-03', to: '2030-06-03', timeZone: BKK })).toEqual({
      'Eve Admin': [2, 2, 40, '2030-06-03T16:59:59.000Z'],
      'Pim Sun': [1, 1, 20, '2030-06-03T00:00:00.000Z'],
    });
    // One UTC day (one rollup day, no raw views): 2, 3, 4.
    expect(await activity({ from: '2030-06-03', to: '2030-06-03', timeZone: 'UTC' })).toEqual({
      'Eve Admin': [1, 1, 30, '2030-06-03T16:59:59.000Z'],
      'Pim Sun': [2, 2, 60, '2030-06-03T17:00:00.000Z'],
    });
    // Bangkok 3-17 June: two rollup weeks (2, 3, 4 and 5) and the raw view 1 (X again for Eve).
    const bkk = { from: '2030-06-03', to: '2030-06-17', timeZone: BKK };
    expect(await activity(bkk)).toEqual({
      'Eve Admin': [3, 2, 90, '2030-06-10T10:00:00.000Z'],
      'Pim Sun': [2, 2, 60, '2030-06-03T17:00:00.000Z'],
    });
    const contents = await edgeReport('ContentViewing', { ...bkk, sort: 'title' });
    expect(
      contents.items.map((r: { title: string; views: number; viewers: number; seconds: number }) => [
        r.title,
        r.views,
        r.viewers,
        r.seconds,
      ]),
    ).toEqual([
      ['X', 3, 2, 80],
      ['Y', 2, 2, 70],
    ]);
    const types = await edgeReport('ByTypeOfContent', bkk);
    expect(types.items.find((r: { typeId: string | null }) => r.typeId === null)).toEqual({
      typeId: null,
      type: '',
      contents: 2,
      views: 5,
      viewers: 2,
      seconds: 150,
    });
    const dashboard = await edgeReport('Dashboard', bkk);
    expect(dashboard.totalViews).toBe(5);
    expect(dashboard.viewsByDay.filter((d: { views: number }) => d.views > 0)).toEqual([
      { day: '2030-06-03', views: 3 },
      { day: '2030-06-04', views: 1 },
      { day: '2030-06-10', views: 1 },
    ]);
    expect(dashboard.topUsers.map((u: { name: string; views: number }) => [u.name, u.views])).toEqual([
      ['Eve Admin', 3],
      ['Pim Sun', 2],
    ]);
    // Yangon 4-18 June: rollup days and a week (5), and the raw view 6 on 18 June.
    const yangon = { from: '2030-06-04', to: '2030-06-18', timeZone: 'Asia/Yangon' };
    expect(await activity(yangon)).toEqual({
      'Eve Admin': [2, 2, 110, '2030-06-18T10:00:00.000Z'],
      'Pim Sun': [0, 0, 0, null],
    });
    expect(
      (await edgeReport('Dashboard', yangon)).viewsByDay.filter((d: { views: number }) => d.views > 0),
    ).toEqual([
      { day: '2030-06-10', views: 1 },
      { day: '2030-06-18', views: 1 },
    ]);
    // All time: every week row.
    expect(await activity({})).toEqual({
      'Eve Admin': [4, 2, 150, '2030-06-18T10:00:00.000Z'],
      'Pim Sun': [2, 2, 60, '2030-06-03T17:00:00.000Z'],
    });
  });

  it('keeps with each recorded view the same rollups as a rebuild from the events', async () => {
    const kept = await snapshot();
    expect(kept.users.length).toBeGreaterThan(0);
    // Eve's view of X on Sunday 2 June: its day row, and the row of the week from Monday 27 May.
    expect(kept.users.filter((r) => r.key === edge.admin && (r.day as string) <= '2030-06-02')).toEqual([
      expect.objectContaining({ span: 1, day: '2030-06-02', views: 1, seconds: 10, bits: 1, ids: [edge.x] }),
      expect.objectContaining({ span: 7, day: '2030-05-27', views: 1, seconds: 10, bits: 1, ids: [edge.x] }),
    ]);
    await t.app.db.execute(sql`select view_rollups_fill(${edge.company})`);
    expect(await snapshot()).toEqual(kept);
    expect(await activity({ from: '2030-06-03', to: '2030-06-17', timeZone: BKK })).toEqual({
      'Eve Admin': [3, 2, 90, '2030-06-10T10:00:00.000Z'],
      'Pim Sun': [2, 2, 60, '2030-06-03T17:00:00.000Z'],
    });
  });

  it('takes a batch of views (the demo seed) into the same rollups, all or none', async () => {
    await createCompany(t.app.db, {
      code: 'BULK',
      name: 'BULK Co.',
      admin: {
        username: 'admin',
        password: PASSWORD,
        firstName: 'Bo',
        lastName: 'Admin',
        email: 'admin@bulk.example',
        phone: '0812345678',
        employeeId: 'BULK-000',
      },
    });
    const token = await t.login('BULK', 'admin', PASSWORD);
    const client = resourceClient(t, token);
    const me = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(token) })).json().data;
    const company: string = me.companyID;
    const topicId = await create('Topic', { title: 'Many' }, client);
    // 70 articles: numbers past 63 make the bitmaps of later rows longer than the first ones'.
    const articles: string[] = [];
    for (let i = 0; i < 70; i++)
      articles.push(await create('Article', { title: `A${i}`, topicId, body: 'Text.' }, client));
    const count = async () =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as n from view_events where company_id = ${company}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    // First one at a time (short bitmaps), then a batch over the same days and weeks and new ones.
    for (const [i, at] of [
      [0, '2030-06-03T08:00:00.000Z'],
      [1, '2030-06-04T08:00:00.000Z'],
    ] as const)
      await recordView(t.app.db, {
        companyId: company,
        userId: me.userID,
        contentId: articles[i]!,
        seconds: 5,
        viewedAt: new Date(at),
      });
    const batch = articles.map((contentId, i) => ({
      userId: me.userID as string,
      contentId,
      seconds: i + 1,
      viewedAt: new Date(Date.UTC(2030, 5, 3 + (i % 9), 8, i)),
    }));
    const stored = await recordViews(t.app.db, company, batch);
    expect(stored).toHaveLength(70);
    expect(stored.find((v) => v.contentId === articles[69])).toMatchObject({
      userId: me.userID,
      contentResource: 'Article',
      seconds: 70,
      viewedAt: new Date(Date.UTC(2030, 5, 3 + (69 % 9), 8, 69)).toISOString(),
    });
    expect(await count()).toBe(72);
    const kept = await snapshot(company);
    expect(kept.users.find((r) => r.span === 1 && r.day === '2030-06-03')).toMatchObject({
      views: 9,
      bits: 8,
    });
    expect(kept.users.find((r) => r.span === 7 && r.day === '2030-06-03')).toMatchObject({
      views: 58,
      bits: 56,
    });
    await t.app.db.execute(sql`select view_rollups_fill(${company})`);
    expect(await snapshot(company)).toEqual(kept);

    // One unknown content or one bad figure refuses the whole batch: nothing of it is stored.
    await expect(
      t.app.db.transaction((tx) =>
        recordViews(tx, company, [batch[0]!, { ...batch[1]!, contentId: uuidv7() }]),
      ),
    ).rejects.toMatchObject({ httpStatus: 404 });
    await expect(
      t.app.db.transaction((tx) => recordViews(tx, company, [batch[0]!, { ...batch[1]!, seconds: -1 }])),
    ).rejects.toMatchObject({ httpStatus: 422 });
    expect(await count()).toBe(72);
    expect(await snapshot(company)).toEqual(kept);
  });
});
