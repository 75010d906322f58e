import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, AREAS, type Area, can, type Permissions } from '#contract/permissions.ts';
import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import { notifications } from '../../server/db/schema.ts';
import { ROLE_PERMISSIONS } from '../../server/db/seed-data.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

/**
 * Walks the app's own route table, so a route added later is covered (or makes this fail until
 * it is classified): public, self-service (any signed-in user, own data only) or of an area.
 */
const PUBLIC = [
  'GET /api/v1/SettingMaintenance/GetSettingMaintenanceMessage',
  'HEAD /api/v1/SettingMaintenance/GetSettingMaintenanceMessage',
  'OPTIONS /api/v1/File/Tus',
  'OPTIONS /api/v1/File/Tus/:id',
  'POST /api/v1/Login/ForgotPassword',
  'POST /api/v1/Login/Login',
  'POST /api/v1/Login/ResetPassword',
  // The link mailed to a new address: the token names the change (tests/server/email-change.test.ts).
  'POST /api/v1/User/ConfirmEmail',
  // Deep links open without a session: the code names the link (tests/server/deep-link.test.ts).
  'GET /l/:code',
  'GET /l/:code/open',
  'HEAD /l/:code/open',
  // A certificate's verification page: the code names it (tests/server/certificates.test.ts).
  'GET /verify/:code',
  'HEAD /verify/:code',
];
/** The OpenAPI documentation (schemas only, no data) is open by design. */
const DOCS = '/api/docs';
/** The routes walked: the API and the deep links' openings. */
const isServed = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith(DOCS)) || url.startsWith('/l/') || url.startsWith('/verify/');
const SELF_SERVICE = [
  'GET /api/v1/EmployeeEXT/CheckPermissionByUserID',
  'GET /api/v1/Login/Session',
  'GET /api/v1/User/GetUserProfileWeb',
  'HEAD /api/v1/EmployeeEXT/CheckPermissionByUserID',
  'HEAD /api/v1/File/Tus/:id',
  'HEAD /api/v1/Login/Session',
  'HEAD /api/v1/User/GetUserProfileWeb',
  'PATCH /api/v1/File/Tus/:id',
  'POST /api/v1/EmployeeEXT/CheckPermissionWeb',
  'POST /api/v1/File/Tus',
  'POST /api/v1/File/Sign',
  'POST /api/v1/File/UploadFile',
  'POST /api/v1/File/UploadFileStringBase',
  // The learner app's own views, of contents of the caller's company (tests/server/learner.test.ts).
  'POST /api/v1/Learner/RecordView',
  // The learner's own courses and quiz attempts in the caller's company (tests/server/learner-courses.test.ts).
  'POST /api/v1/Learner/MyCourses',
  'POST /api/v1/Learner/MyResults',
  'POST /api/v1/Learner/RecordVideoProgress',
  'POST /api/v1/Learner/RequestCourseAccess',
  'POST /api/v1/Learner/StartQuiz',
  'POST /api/v1/Learner/SubmitQuiz',
  // The learner's own questions and events in the caller's company (tests/server/community.test.ts, events.test.ts).
  'POST /api/v1/Learner/AskExpert',
  'POST /api/v1/Learner/MyEvents',
  'POST /api/v1/Learner/MySkills',
  'POST /api/v1/Learner/JoinEvent',
  'POST /api/v1/Learner/LeaveEvent',
  'POST /api/v1/Login/Logout',
  // The always-permitted report (spec section 6): every role that opens some area of the console,
  // over the caller's company only (tests/server/reports.test.ts).
  'POST /api/v1/Report/UserCourseStatus',
  'POST /api/v1/User/UpdateLanguage',
  'POST /api/v1/User/UpdateUserProfileWeb',
  'POST /api/v2/Login/ChangePassword',
  'POST /api/v3/Notification/GetNotificationFromWeb',
  'POST /api/v3/Notification/GetUnreadCount',
  'POST /api/v3/Notification/MarkRead',
  // Web Push of the caller's own browser or app.
  'POST /api/v1/Notification/GetPushKey',
  'POST /api/v1/Notification/SubscribePush',
  'POST /api/v1/Notification/UnsubscribePush',
  // Each mutation and each pulled resource is checked against the role (tested below).
  'POST /api/v6/Sync/Pull',
  'POST /api/v6/Sync/Push',
];
const OTHER_AREAS: Record<string, [Area, Action]> = {
  'POST /api/v1/Company/GetProfile': ['companyProfile', 'read'],
  'POST /api/v1/AuditLog/List': ['userManagement', 'read'],
  'POST /api/v1/Company/UpdateProfile': ['companyProfile', 'update'],
  // Or assignmentReport read (tests/server/learner-courses.test.ts checks both).
  'POST /api/v1/Course/Report': ['course', 'read'],
  'POST /api/v1/Certificate/History': ['course', 'read'],
  // The reports of issue 12 (tests/server/reports.test.ts checks every area against every report).
  'POST /api/v1/Report/UserActivity': ['userActivity', 'read'],
  'POST /api/v1/Report/ByTypeOfKnowledge': ['userView', 'read'],
  'POST /api/v1/Report/ByTypeOfContent': ['userView', 'read'],
  'POST /api/v1/Report/ContentViewing': ['userView', 'read'],
  'POST /api/v1/Report/RequestedUser': ['requestedUser', 'read'],
  'POST /api/v1/Report/AssignmentCourse': ['assignmentReport', 'read'],
  'POST /api/v1/Report/Dashboard': ['dashboard', 'read'],
  'POST /api/v1/Certificate/Pdf': ['course', 'read'],
  'POST /api/v1/Certificate/Preview': ['course', 'read'],
  'POST /api/v1/Certificate/Send': ['course', 'update'],
  'POST /api/v1/Certificate/Revoke': ['course', 'update'],
  'POST /api/v1/StoreItem/AddToLibrary': ['library', 'create'],
  'POST /api/v1/StoreItem/Additions': ['store', 'read'],
  'POST /api/v1/Notification/Send': ['sendNotification', 'create'],
  'POST /api/v1/Notification/SendHistory': ['sendNotification', 'read'],
  'POST /api/v1/Notification/Audience': ['sendNotification', 'read'],
  'POST /api/v1/Notification/GetEmailSettings': ['settingNotification', 'read'],
  'POST /api/v1/Notification/UpdateEmailSettings': ['settingNotification', 'update'],
  'POST /api/v1/Notification/SendTestEmail': ['settingNotification', 'update'],
  'POST /api/v1/Notification/GetReminderSettings': ['settingNotification', 'read'],
  'POST /api/v1/Notification/UpdateReminderSettings': ['settingNotification', 'update'],
};
/** A second right a route needs besides its area's. */
const ALSO_NEEDS: Record<string, [Area, Action]> = {
  'POST /api/v1/StoreItem/AddToLibrary': ['store', 'read'],
};
/** Read-only resources (the content store): the platform's, shared by every company, never written. */
const READ_ONLY = RESOURCE_NAMES.filter((n) => (RESOURCES[n] as { readOnly?: true }).readOnly);
const isReadOnlyWrite = (key: string) =>
  READ_ONLY.some((n) => new RegExp(`^POST /api/v1/${n}/(Create|Update|Delete)$`).test(key));
const isSharedRead = (key: string) =>
  READ_ONLY.some((n) => new RegExp(`^POST /api/v1/${n}/(List|Get)$`).test(key));
const ACTION_OF: Record<string, Action> = {
  List: 'read',
  Get: 'read',
  Create: 'create',
  Update: 'update',
  Delete: 'delete',
};

type Route = { key: string; method: string; url: string };

function areaOf(r: Route): [Area, Action] | undefined {
  if (OTHER_AREAS[r.key]) return OTHER_AREAS[r.key];
  const m = /^POST \/api\/v1\/(\w+)\/(List|Get|Create|Update|Delete)$/.exec(r.key);
  const def = m && (RESOURCES as Record<string, { area: Area }>)[m[1]];
  return def ? [def.area, ACTION_OF[m![2]]] : undefined;
}

let t: TestApp;
let routes: Route[];
let tokens: { demo: string; acme: string; trainer: string };
/** DEMO's records by resource (as DEMO reads them), and its other ids. */
const demoRecords: Record<string, Record<string, unknown>> = {};
const demoIds: Record<string, string> = {};
const SECRET = 'DEMO-SECRET';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TUS = { 'tus-resumable': '1.0.0' };
/** Real (tiny) media: the upload check reads an MP3's frames and an MP4's moov, not just a signature. */
const MEDIA = {
  audio: readFileSync(new URL('../fixtures/media/sound-2s.mp3', import.meta.url)),
  video: readFileSync(new URL('../fixtures/media/video-640x360.mp4', import.meta.url)),
};

const inputs = (ids: Record<string, string>): Record<string, Record<string, unknown>> => ({
  TypeOfContent: { name: `${SECRET} content`, description: '' },
  TypeOfKnowledge: { name: `${SECRET} knowledge`, description: '' },
  Faq: { question: `${SECRET} question`, answer: 'answer', sendDate: '2030-01-01' },
  Feedback: { subject: `${SECRET} subject`, message: 'message' },
  Topic: { title: `${SECRET} topic`, description: 'about it' },
  Article: { title: `${SECRET} article`, topicId: ids.topicId, body: 'read me' },
  Sound: { title: `${SECRET} sound`, topicId: ids.topicId, file: ids.soundUrl },
  Video: { title: `${SECRET} video`, topicId: ids.topicId, file: ids.videoUrl },
  KnowledgeShare: { title: `${SECRET} lesson`, body: 'what we learned' },
  DeepLink: { title: `${SECRET} link`, targetKind: 'Topic', targetId: ids.topicId },
  Quiz: {
    name: `${SECRET} quiz`,
    sections: [
      {
        id: uuidv7(),
        title: 'Part 1',
        questions: [
          {
            id: uuidv7(),
            text: 'Which one?',
            kind: 'single',
            score: 1,
            options: [
              { id: uuidv7(), text: 'This', correct: true },
              { id: uuidv7(), text: 'That', correct: false },
            ],
          },
        ],
      },
    ],
  },
  Course: {
    name: `${SECRET} course`,
    startAt: '2030-02-01T09:00:00+07:00',
    endAt: '2030-03-01T18:00:00+07:00',
  },
  Enrolment: { courseId: ids.courseId, userId: ids.userId },
  ExpertQuestion: { question: `${SECRET} question to the expert`, topic: 'Safety' },
  Event: {
    name: `${SECRET} event`,
    startAt: '2030-02-01T09:00:00+07:00',
    endAt: '2030-02-01T10:00:00+07:00',
  },
  EventParticipant: { eventId: ids.eventId, userId: ids.userId, departmentId: null },
  Banner: {
    title: `${SECRET} banner`,
    startAt: '2030-02-01T09:00:00+07:00',
    endAt: '2030-02-08T18:00:00+07:00',
    image: ids.fileUrl,
  },
  Role: { name: `${SECRET} role`, permissions: ROLE_PERMISSIONS.Employee, isDefault: false },
  Department: { name: `${SECRET} department`, roleId: null, memberIds: [] },
  Section: { name: `${SECRET} section`, description: '' },
  CertificateTemplate: { name: `${SECRET} certificate template`, language: 'en' },
  Position: { name: `${SECRET} position`, sectionId: ids.sectionId, description: '', holderIds: [] },
  Skill: { name: `${SECRET} skill`, parentId: null, description: '' },
  SkillRequirement: { positionId: ids.positionId, skillId: ids.skillId, level: 2 },
  SkillAssessment: {
    userId: ids.userId,
    skillId: ids.skillId,
    level: 1,
    assessedOn: '2020-01-01',
    dueOn: '',
  },
  User: {
    employeeId: 'SECRET-1',
    firstName: SECRET,
    lastName: 'User',
    email: 'secret@demo.example',
    phone: '0812345678',
    username: 'secret',
    password: 'Secret@123',
    roleId: ids.roleId,
  },
});

/** What DEMO can see of its own data: every change is in a full pull, the profile and inbox. */
async function demoSnapshot() {
  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tokens.demo), payload });
  const pull = (await call('/api/v6/Sync/Pull', { cursors: {}, limit: 5000 })).json().data;
  const profile = (await call('/api/v1/Company/GetProfile', {})).json().data;
  const inbox = (
    await call('/api/v3/Notification/GetNotificationFromWeb', {
      companyId: demoIds.companyId,
      userId: demoIds.userId,
      limit: 100,
    })
  ).json().data;
  const tus = await t.app.inject({
    method: 'HEAD',
    url: `/api/v1/File/Tus/${demoIds.tusId}`,
    headers: { ...bearer(tokens.demo), ...TUS },
  });
  return { pull, profile, inbox, tusOffset: tus.headers['upload-offset'] };
}

beforeAll(async () => {
  t = await makeTestApp();
  tokens = {
    demo: await t.login('DEMO', 'admin', 'Admin@1234'),
    acme: await t.login('ACME', 'admin', 'Admin@1234'),
    trainer: await t.login('DEMO', 'trainer', 'Trainer@1234'),
  };
  routes = t.app.routeTable
    .filter((r) => isServed(r.url))
    .map((r) => ({ key: `${r.method} ${r.url.replace(/\/$/, '')}`, method: r.method, url: r.url }));

  const session = await t.app.inject({
    method: 'GET',
    url: '/api/v1/Login/Session',
    headers: bearer(tokens.demo),
  });
  demoIds.userId = session.json().data.userID;
  demoIds.companyId = session.json().data.companyID;
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(tokens.demo),
    payload: { base64: PNG.toString('base64'), fileName: 'secret.png', kind: 'banner' },
  });
  demoIds.fileUrl = upload.json().data.url;
  for (const [key, fileName, kind] of [
    ['soundUrl', 'secret.mp3', 'audio'],
    ['videoUrl', 'secret.mp4', 'video'],
  ] as const) {
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/v1/File/UploadFileStringBase',
      headers: bearer(tokens.demo),
      payload: { base64: MEDIA[kind].toString('base64'), fileName, kind },
    });
    expect(media.statusCode, media.body).toBe(200);
    demoIds[key] = media.json().data.url;
  }
  const tus = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/Tus/',
    headers: {
      ...bearer(tokens.demo),
      ...TUS,
      'upload-length': '100',
      'upload-metadata': `filename ${btoa('secret.png')},kind ${btoa('banner')}`,
    },
  });
  demoIds.tusId = String(tus.headers.location).split('/').pop()!;
  const [note] = await t.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, demoIds.userId))
    .limit(1);
  demoIds.notificationId = note.id;
  const demo = resourceClient(t, tokens.demo);
  demoIds.roleId = (await demo.call('Role', 'List', {})).json().data.items[0].id;
  demoIds.topicId = uuidv7();
  expect(
    (await demo.call('Topic', 'Create', { id: demoIds.topicId, title: `${SECRET} shelf` })).statusCode,
  ).toBe(200);
  demoIds.courseId = uuidv7();
  expect(
    (
      await demo.call('Course', 'Create', {
        id: demoIds.courseId,
        name: `${SECRET} course of the enrolment`,
        startAt: '2030-02-01T09:00:00+07:00',
        endAt: '2030-03-01T18:00:00+07:00',
      })
    ).statusCode,
  ).toBe(200);
  demoIds.eventId = uuidv7();
  const event = await demo.call('Event', 'Create', {
    id: demoIds.eventId,
    name: `${SECRET} event of the participant`,
    startAt: '2030-02-01T09:00:00+07:00',
    endAt: '2030-02-01T10:00:00+07:00',
  });
  expect(event.statusCode).toBe(200);
  demoIds.sectionId = uuidv7();
  const section = await demo.call('Section', 'Create', {
    id: demoIds.sectionId,
    name: `${SECRET} section of the position`,
  });
  expect(section.statusCode).toBe(200);
  demoIds.positionId = uuidv7();
  const position = await demo.call('Position', 'Create', {
    id: demoIds.positionId,
    name: `${SECRET} position of the requirement`,
    sectionId: demoIds.sectionId,
  });
  expect(position.statusCode).toBe(200);
  demoIds.skillId = uuidv7();
  const skill = await demo.call('Skill', 'Create', { id: demoIds.skillId, name: `${SECRET} skill required` });
  expect(skill.statusCode).toBe(200);
  const all = inputs(demoIds);
  for (const name of RESOURCE_NAMES) {
    if (READ_ONLY.includes(name)) {
      // Nothing to create: a seeded store item stands for the resource.
      demoRecords[name] = (await demo.call(name, 'List', {})).json().data.items[0];
      continue;
    }
    const id = uuidv7();
    const created = await demo.call(name, 'Create', { ...all[name], id });
    expect(created.statusCode, `${name}: ${created.body}`).toBe(200);
    demoRecords[name] = { ...all[name], ...created.json().data };
  }
});
afterAll(() => t?.close());

/**
 * A request of the route naming DEMO's ids wherever the route takes one (body, query, path);
 * `self` names the caller's own user and company instead (so the permission alone decides).
 */
function requestFor(r: Route, token?: string, self?: { userId: string; companyId: string }): InjectOptions {
  const url = r.url.replace(':id', demoIds.tusId);
  expect(url, `${r.key}: give this path parameter a DEMO value`).not.toMatch(/:\w/);
  const { userId, companyId } = self ?? { userId: demoIds.userId!, companyId: demoIds.companyId! };
  const ids = { userId, userID: userId, userid: userId, companyId, companyID: companyId };
  const headers = { ...(token ? bearer(token) : {}), ...TUS } as Record<string, string>;
  const m = /^\/api\/v1\/(\w+)\/(List|Get|Create|Update|Delete)$/.exec(r.url);
  let payload: unknown;
  if (m && demoRecords[m[1]]) {
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, rev, ...fields } = demoRecords[m[1]];
    payload = {
      List: { search: SECRET },
      Get: { id: fields.id },
      Create: fields,
      Update: { ...fields, rev },
      Delete: { id: fields.id },
    }[m[2]];
  } else if (r.url.endsWith('/Sync/Push')) {
    payload = {
      mutations: RESOURCE_NAMES.flatMap((resource) => {
        const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...rec } = demoRecords[resource];
        return [
          { id: uuidv7(), resource, op: 'update', payload: rec },
          { id: uuidv7(), resource, op: 'delete', payload: { id: rec.id } },
        ];
      }),
    };
  } else if (r.url.endsWith('/Learner/RecordView')) {
    payload = { contentId: demoRecords.Video!.id, seconds: 60 };
  } else if (r.method === 'PATCH') {
    headers['content-type'] = 'application/offset+octet-stream';
    headers['upload-offset'] = '0';
    payload = PNG;
  } else if (r.method === 'POST' && r.url.includes('/File/Tus')) {
    headers['upload-length'] = '10';
    headers['upload-metadata'] = `filename ${btoa('a.png')},kind ${btoa('banner')}`;
  } else if (r.method === 'POST') {
    payload = {
      ...ids,
      id: demoIds.notificationId,
      cursors: {},
      employeeID: 'X',
      firstName: 'Hijacked',
      lastName: 'Hijacked',
      email: 'x@acme.example',
      gender: 'male',
      prefix: 'Mr.',
      profileImage: null,
      language: 'th',
      currentPassword: 'Admin@1234',
      newPassword: 'Hijacked@123',
      urls: [demoIds.fileUrl],
      base64: PNG.toString('base64'),
      fileName: 'x.png',
      kind: 'banner',
      name: 'Hijacked',
      address: 'x',
      province: 'x',
      country: 'x',
      phone: '0812345678',
      contactEmail: 'x@acme.example',
      contactPerson: 'x',
      storeItemId: demoRecords.StoreItem?.id,
      topicId: demoIds.topicId,
    };
  }
  const query = r.method === 'GET' || r.method === 'HEAD' ? { ...ids, permissionid: 'library' } : undefined;
  return { method: r.method as InjectOptions['method'], url, headers, payload: payload as never, query };
}

async function ownIds(token: string) {
  const me = (
    await t.app.inject({ method: 'GET', url: '/api/v1/Login/Session', headers: bearer(token) })
  ).json().data;
  return { userId: me.userID as string, companyId: me.companyID as string };
}

describe('security matrix over every API route', () => {
  it('knows every route: public ones are exactly the allow-list, the rest are self-service or of an area', () => {
    const keys = routes.map((r) => r.key);
    const publicKeys = t.app.routeTable
      .filter((r) => isServed(r.url) && r.config.public)
      .map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`);
    expect([...new Set(publicKeys)].sort()).toEqual([...PUBLIC].sort());
    const unclassified = keys
      .filter((k) => !PUBLIC.includes(k) && !SELF_SERVICE.includes(k))
      .filter((k) => !areaOf(routes.find((r) => r.key === k)!));
    expect(unclassified, 'classify these routes in the security matrix').toEqual([]);
    expect(keys.length).toBeGreaterThan(50);
  });

  it('answers 401 to every non-public route called without a token', async () => {
    for (const r of routes.filter((x) => !PUBLIC.includes(x.key))) {
      const res = await t.app.inject(requestFor(r));
      expect(res.statusCode, r.key).toBe(401);
    }
  });

  it('gives the trainer 403 on every call of an area its role lacks', async () => {
    const denied = ['userManagement', 'companyProfile', 'sendNotification'];
    const self = await ownIds(tokens.trainer);
    let checked = 0;
    for (const r of routes) {
      const area = areaOf(r);
      if (!area || !denied.includes(area[0])) continue;
      const res = await t.app.inject(requestFor(r, tokens.trainer, self));
      expect(res.statusCode, r.key).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(17);
    const pushed = await t.app.inject({
      ...requestFor(
        { key: 'POST /api/v6/Sync/Push', method: 'POST', url: '/api/v6/Sync/Push' },
        tokens.trainer,
        self,
      ),
    });
    for (const result of pushed.json().data.results) {
      const resource = RESOURCES[result.resource as keyof typeof RESOURCES];
      if (resource && denied.includes(resource.area)) expect(result.httpStatus).toBe(403);
    }
    const pulled = await t.app.inject(
      requestFor(
        { key: 'POST /api/v6/Sync/Pull', method: 'POST', url: '/api/v6/Sync/Pull' },
        tokens.trainer,
        self,
      ),
    );
    expect(Object.keys(pulled.json().data.changes)).not.toContain('User');
  });

  it('CheckPermissionWeb says exactly what the server enforces, for the trainer and a mixed role', async () => {
    // A mixed role: every area on, actions alternating, and some areas switched off by their flag.
    const mixed = {
      ...ROLE_PERMISSIONS.Trainer,
      areas: Object.fromEntries(
        AREAS.map((a, i) => [
          a,
          {
            flag: a !== 'feedback',
            view: true,
            create: i % 2 === 0,
            read: i % 3 !== 0,
            update: i % 2 === 1,
            delete: i % 4 === 0,
          },
        ]),
      ),
    } as Permissions;
    const demo = resourceClient(t, tokens.demo);
    const roleId = uuidv7();
    await demo.call('Role', 'Create', { id: roleId, name: 'Mixed', permissions: mixed, isDefault: false });
    const mixedUser = { ...(inputs(demoIds).User as object), id: uuidv7(), roleId };
    Object.assign(mixedUser, { employeeId: 'MIX-1', username: 'mixed' });
    expect((await demo.call('User', 'Create', mixedUser)).statusCode).toBe(200);
    const mixedToken = await t.login('DEMO', 'mixed', 'Secret@123');

    for (const token of [tokens.trainer, mixedToken]) {
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/v1/Login/Session', headers: bearer(token) })
      ).json().data;
      const flags = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/EmployeeEXT/CheckPermissionWeb',
          headers: bearer(token),
          payload: { companyID: me.companyID, userID: me.userID },
        })
      ).json().data as Permissions;
      for (const r of routes) {
        const area = areaOf(r);
        if (!area || r.key.endsWith('/Logout')) continue;
        // The caller's own ids: the permission, not the tenant guard, must decide.
        const req = requestFor(r, token, { userId: me.userID, companyId: me.companyID });
        const res = await t.app.inject(req);
        const also = ALSO_NEEDS[r.key];
        const allowed =
          can(flags, area[0], area[1]) && (!also || can(flags, also[0], also[1])) && !isReadOnlyWrite(r.key);
        expect(res.statusCode === 403, `${r.key} allowed=${allowed}: ${res.body}`).toBe(!allowed);
      }
    }
  });

  it("never lets an ACME admin read or change DEMO's data, naming DEMO ids anywhere", async () => {
    const before = await demoSnapshot();
    const secrets = [
      SECRET,
      demoIds.companyId,
      ...Object.entries(demoRecords)
        .filter(([name]) => !READ_ONLY.includes(name as never))
        .map(([, r]) => String(r.id)),
    ];
    // Sign-out last: it ends the ACME session the other calls use.
    const ordered = routes
      .filter((r) => !PUBLIC.includes(r.key))
      .sort((a, b) => Number(a.key.endsWith('/Logout')) - Number(b.key.endsWith('/Logout')));
    for (const r of ordered) {
      const res = await t.app.inject(requestFor(r, tokens.acme));
      expect(res.statusCode, `${r.key}: ${res.body}`).not.toBe(401);
      for (const s of secrets) expect(res.body, `${r.key} leaked DEMO data`).not.toContain(s);
      if (r.key.endsWith('/Sync/Push')) {
        for (const result of res.json().data.results)
          expect(result.httpStatus, r.key).toBeGreaterThanOrEqual(400);
      } else if (isSharedRead(r.key)) {
        expect(res.statusCode, r.key).toBe(200);
      } else if (
        /\/(Get|Create|Update|Delete|MarkRead|ChangePassword|RecordView)$|Tus\/:id|Profile/.test(r.key)
      ) {
        expect([403, 404, 409, 422], `${r.key}: ${res.body}`).toContain(res.statusCode);
      }
    }
    expect(await demoSnapshot()).toEqual(before);
  });
});
