import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_MP4_VIDEO } from '#contract/media.ts';
import { FULL_ACCESS, NO_ACCESS, permissionsWith } from '#contract/permissions.ts';
import {
  COURSE_QUIZ_LIMIT,
  COURSE_QUIZ_MISSING,
  COURSE_QUIZ_SAME_TYPE,
  COURSE_VIDEO_MISSING,
  ENROLMENT_TAKEN,
  POPUP_AFTER_END,
  seatsExceeded,
} from '#contract/resources/course-messages.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let adminToken: string;
let adminId: string;
let roleId: string;
let video: { id: string; seconds: number; fileSize: number };
const quizzes = {} as Record<'pre' | 'post' | 'prePost' | 'pre2' | 'acme', string>;

type Res = Awaited<ReturnType<typeof api.call>>;
const fields = (res: Res) => res.json().data?.fields as { path: string; message: string }[];

const uuid = () => crypto.randomUUID();
async function create(client: typeof api, resource: string, body: { id?: string } & Record<string, unknown>) {
  const id = body.id ?? uuid();
  const res = await client.call(resource, 'Create', { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
const quiz = (type: string) => ({
  name: `Quiz ${type} ${uuid().slice(0, 6)}`,
  type,
  sections: [
    {
      id: uuid(),
      title: '',
      questions: [
        {
          id: uuid(),
          text: 'Which guard must be closed before starting the press?',
          kind: 'single',
          score: 1,
          options: [
            { id: uuid(), text: 'The front guard', correct: true },
            { id: uuid(), text: 'None', correct: false },
          ],
        },
      ],
    },
  ],
});
const course = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  name: 'Press safety basics',
  startAt: '2030-02-01T08:00:00+07:00',
  endAt: '2030-02-28T17:00:00+07:00',
  ...over,
});
const libraryVideo = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  videoId: video.id,
  title: 'Guard check',
  ...over,
});

async function userIn(departmentId: string | null, active = true) {
  const name = uuid().slice(0, 8);
  return create(api, 'User', {
    employeeId: `C-${name}`,
    firstName: 'Learner',
    lastName: name,
    email: `l${name}@demo.example`,
    phone: '0812345678',
    username: `l${name}`,
    password: 'Secret@123',
    departmentId,
    roleId,
    active,
  });
}

beforeAll(async () => {
  t = await makeTestApp();
  adminToken = await t.login('DEMO', 'admin', 'Admin@1234');
  api = resourceClient(t, adminToken);
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  adminId = (await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(adminToken) })).json().data
    .userID;
  roleId = (await api.call('Role', 'List', {})).json().data.items[0].id;
  const videos = (await api.call('Video', 'List', {})).json().data.items;
  expect(videos.length).toBeGreaterThan(0);
  video = videos[0];
  expect(video.seconds).toBeGreaterThan(0);
  quizzes.pre = await create(api, 'Quiz', quiz('pre'));
  quizzes.pre2 = await create(api, 'Quiz', quiz('pre'));
  quizzes.post = await create(api, 'Quiz', quiz('post'));
  quizzes.prePost = await create(api, 'Quiz', quiz('prePost'));
  quizzes.acme = await create(acme, 'Quiz', quiz('post'));
});
afterAll(() => t?.close());

describe('Course: demo seed', () => {
  it('gives each demo company courses of its library videos with popups, groups, enrolments and requests', async () => {
    for (const client of [api, acme]) {
      const courses = (await client.call('Course', 'List', {})).json().data.items;
      expect(courses.length).toBeGreaterThanOrEqual(3);
      const withPopup = courses.flatMap((c: { videos: { popupSeconds: number | null }[] }) => c.videos);
      expect(withPopup.some((v: { popupSeconds: number | null }) => (v.popupSeconds ?? 0) > 0)).toBe(true);
      const statuses = (await client.call('Enrolment', 'List', { per_page: 500 }))
        .json()
        .data.items.map((e: { status: string }) => e.status);
      expect(statuses).toContain('enrolled');
      expect(statuses).toContain('requested');
    }
  });
});

describe('Course: videos and their popup moment', () => {
  it('takes a library video’s length and size from its file, and keeps who created the course', async () => {
    const body = course({ videos: [libraryVideo({ popupSeconds: video.seconds, durationSeconds: 999 })] });
    const res = await api.call('Course', 'Create', body);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made.videos[0]).toMatchObject({ durationSeconds: video.seconds, popupSeconds: video.seconds });
    expect(made.videos[0].fileSize).toBeGreaterThan(0);
    expect(made).toMatchObject({ createdBy: adminId, modifiedBy: adminId });

    const trainerToken = await t.login('DEMO', 'trainer', 'Trainer@1234');
    const trainerId = (
      await t.app.inject({ url: '/api/v1/Login/Session', headers: bearer(trainerToken) })
    ).json().data.userID;
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    const updated = await resourceClient(t, trainerToken).call('Course', 'Update', {
      ...editable,
      createdBy: trainerId,
      name: 'Press safety, second edition',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ createdBy: adminId, modifiedBy: trainerId });
  });

  it('refuses a popup after the end of the video with the spec’s words, at the video’s path', async () => {
    const res = await api.call(
      'Course',
      'Create',
      course({ videos: [libraryVideo(), libraryVideo({ popupSeconds: video.seconds + 1 })] }),
    );
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual([{ path: 'videos.1.popupSeconds', message: POPUP_AFTER_END }]);
    expect(POPUP_AFTER_END).toBe('Please specify again because it exceeds the actual time of the video');
  });

  it('checks an uploaded video against its real length and refuses a file that is not an MP4 video', async () => {
    const upload = async (file: string, kind: string) => {
      const bytes = readFileSync(new URL(`../fixtures/media/${file}`, import.meta.url));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/File/UploadFileStringBase',
        headers: bearer(adminToken),
        payload: { base64: bytes.toString('base64'), fileName: file, kind },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.url as string;
    };
    const clip = await upload('video-640x360.mp4', 'video');
    const ok = await api.call(
      'Course',
      'Create',
      course({ videos: [libraryVideo({ videoId: null, file: clip, popupSeconds: 2 })] }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.videos[0]).toMatchObject({ durationSeconds: 2, file: clip });
    const late = await api.call(
      'Course',
      'Create',
      course({ videos: [libraryVideo({ videoId: null, file: clip, popupSeconds: 3 })] }),
    );
    expect(fields(late)).toEqual([{ path: 'videos.0.popupSeconds', message: POPUP_AFTER_END }]);
    const sound = await upload('sound-only.mp4', 'file');
    const notVideo = await api.call(
      'Course',
      'Create',
      course({ videos: [libraryVideo({ videoId: null, file: sound })] }),
    );
    expect(notVideo.statusCode).toBe(422);
    expect(fields(notVideo)).toEqual([{ path: 'videos.0.file', message: NOT_AN_MP4_VIDEO }]);
  });

  it('refuses a library video that does not exist or belongs to another company', async () => {
    const theirs = (await acme.call('Video', 'List', {})).json().data.items[0].id;
    for (const videoId of [uuid(), theirs]) {
      const res = await api.call('Course', 'Create', course({ videos: [libraryVideo({ videoId })] }));
      expect(fields(res)).toEqual([{ path: 'videos.0.videoId', message: COURSE_VIDEO_MISSING }]);
    }
  });
});

describe('Course: up to 2 quizzes, pre-post counting as both', () => {
  it('accepts a pre-test and a post-test, or one pre-post', async () => {
    for (const quizIds of [[quizzes.pre, quizzes.post], [quizzes.prePost]]) {
      const res = await api.call('Course', 'Create', course({ quizIds }));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses a pre-post with another quiz, three quizzes, and two of one kind', async () => {
    const cases: [string[], string][] = [
      [[quizzes.prePost, quizzes.post], COURSE_QUIZ_LIMIT],
      [[quizzes.prePost, quizzes.pre], COURSE_QUIZ_LIMIT],
      [[quizzes.pre, quizzes.post, quizzes.pre2], COURSE_QUIZ_LIMIT],
      [[quizzes.pre, quizzes.pre2], COURSE_QUIZ_SAME_TYPE],
    ];
    for (const [quizIds, message] of cases) {
      const res = await api.call('Course', 'Create', course({ quizIds }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual([{ path: 'quizIds', message }]);
    }
  });

  it('refuses a quiz of another company as one that does not exist', async () => {
    const res = await api.call('Course', 'Create', course({ quizIds: [quizzes.acme] }));
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual([{ path: 'quizIds', message: COURSE_QUIZ_MISSING }]);
  });
});

describe('Course seats and enrolments', () => {
  let departmentId: string;
  let members: string[];
  beforeAll(async () => {
    departmentId = await create(api, 'Department', { name: `Seat test ${uuid().slice(0, 6)}` });
    members = [await userIn(departmentId), await userIn(departmentId), await userIn(departmentId, false)];
  });

  it('refuses a save whose groups assign more active users than the seats, counting each once', async () => {
    const tooMany = await api.call(
      'Course',
      'Create',
      course({ seatLimit: 1, departmentIds: [departmentId] }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(fields(tooMany)).toEqual([{ path: 'seatLimit', message: seatsExceeded(1, 2) }]);
    const fits = await api.call('Course', 'Create', course({ seatLimit: 2, departmentIds: [departmentId] }));
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('accepts a request only while a seat is free; a refused request keeps who refused it', async () => {
    const courseId = await create(api, 'Course', course({ seatLimit: 3, departmentIds: [departmentId] }));
    const outsiders = [await userIn(null), await userIn(null)];
    const enrolled = await api.call('Enrolment', 'Create', {
      id: uuid(),
      courseId,
      userId: outsiders[0],
      status: 'enrolled',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().data).toMatchObject({ decidedBy: adminId, requestedAt: null });

    const request = { id: uuid(), courseId, userId: outsiders[1], status: 'requested', requestedAt: null };
    const asked = await api.call('Enrolment', 'Create', request);
    expect(asked.statusCode, asked.body).toBe(200);
    const row = asked.json().data;
    expect(Date.parse(row.requestedAt)).not.toBeNaN();
    expect(row.decidedBy).toBeNull();

    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = row;
    const accept = await api.call('Enrolment', 'Update', { ...editable, status: 'enrolled' });
    expect(accept.statusCode).toBe(422);
    expect(fields(accept)).toEqual([{ path: 'status', message: seatsExceeded(3, 4) }]);

    const refuse = await api.call('Enrolment', 'Update', { ...editable, status: 'refused' });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect(refuse.json().data).toMatchObject({ decidedBy: adminId, requestedAt: row.requestedAt });

    // A member of the group already holds a seat: enrolling them as well takes no more.
    const member = await api.call('Enrolment', 'Create', {
      id: uuid(),
      courseId,
      userId: members[0],
      status: 'enrolled',
    });
    expect(member.statusCode, member.body).toBe(200);
  });

  it('keeps one live row per course and user, and drops a deleted course’s rows', async () => {
    const courseId = await create(api, 'Course', course());
    const userId = await userIn(null);
    await create(api, 'Enrolment', { courseId, userId, status: 'enrolled' });
    const twin = await api.call('Enrolment', 'Create', { id: uuid(), courseId, userId, status: 'requested' });
    expect(twin.statusCode).toBe(422);
    expect(fields(twin)).toEqual([{ path: 'userId', message: ENROLMENT_TAKEN }]);

    expect((await api.call('Course', 'Delete', { id: courseId })).statusCode).toBe(200);
    const left = (await api.call('Enrolment', 'List', { filters: { courseId } })).json().data.items;
    expect(left).toEqual([]);
  });
});

describe('Course: permission area and company boundary', () => {
  it('answers 403 to a role without the course area', async () => {
    const noCourses = await create(api, 'Role', {
      name: `No courses ${uuid().slice(0, 6)}`,
      permissions: permissionsWith((a) => (a === 'course' ? NO_ACCESS : FULL_ACCESS)),
      isDefault: false,
    });
    const name = `nc${uuid().slice(0, 8)}`;
    await create(api, 'User', {
      employeeId: `E-${name}`,
      firstName: 'No',
      lastName: 'Courses',
      email: `${name}@demo.example`,
      phone: '0812345678',
      username: name,
      password: 'Secret@123',
      roleId: noCourses,
    });
    const denied = resourceClient(t, await t.login('DEMO', name, 'Secret@123'));
    expect((await denied.call('Course', 'List', {})).statusCode).toBe(403);
    expect((await denied.call('Course', 'Create', course())).statusCode).toBe(403);
    expect((await denied.call('Enrolment', 'List', {})).statusCode).toBe(403);
  });

  it('never shows or changes DEMO’s courses to ACME', async () => {
    const made = (await api.call('Course', 'Create', course({ name: 'DEMO only' }))).json().data;
    const list = (await acme.call('Course', 'List', { search: 'DEMO only' })).json().data.items;
    expect(list).toEqual([]);
    expect((await acme.call('Course', 'Get', { id: made.id })).statusCode).toBe(404);
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    expect((await acme.call('Course', 'Update', { ...editable, name: 'Taken' })).statusCode).toBe(404);
    expect((await acme.call('Course', 'Delete', { id: made.id })).statusCode).toBe(404);
    const enrol = await acme.call('Enrolment', 'Create', { id: uuid(), courseId: made.id, userId: adminId });
    expect(enrol.statusCode).toBe(422);
    expect((await api.call('Course', 'Get', { id: made.id })).json().data.name).toBe('DEMO only');
  });
});
