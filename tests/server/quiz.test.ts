import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS, permissionsWith } from '#contract/permissions.ts';
import { COURSE_QUIZ_LIMIT, COURSE_QUIZ_SAME_TYPE } from '#contract/resources/course-messages.ts';
import {
  OPTION_TEXT_REQUIRED,
  PASSING_SCORE_ABOVE_TOTAL,
  QUESTION_NEEDS_CORRECT,
  QUESTION_NEEDS_TWO_OPTIONS,
  QUESTION_TEXT_REQUIRED,
  QUIZ_IN_COURSE,
  QUIZ_NAME_REQUIRED,
  QUIZ_NEEDS_QUESTION,
  SINGLE_CHOICE_ONE_CORRECT,
} from '#contract/resources/quiz-messages.ts';
import { DEMO_QUIZ_NAMES } from '../../server/db/seed-quizzes.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;

type Res = Awaited<ReturnType<typeof api.call>>;
const fields = (res: Res) => res.json().data?.fields as { path: string; message: string }[];
const uuid = () => crypto.randomUUID();

const option = (text: string, correct = false) => ({ id: uuid(), text, correct });
const question = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  text: 'Which guard must be closed before starting the press?',
  kind: 'single',
  score: 2,
  options: [option('The front guard', true), option('None')],
  ...over,
});
const quiz = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  name: `Press safety ${uuid().slice(0, 6)}`,
  type: 'post',
  sections: [{ id: uuid(), title: 'Guards', questions: [question(), question({ score: 3 })] }],
  passingScore: 4,
  ...over,
});
const withQuestion = (q: Record<string, unknown>) =>
  quiz({ sections: [{ id: uuid(), title: '', questions: [question(q)] }], passingScore: null });

beforeAll(async () => {
  t = await makeTestApp();
  api = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
});
afterAll(() => t?.close());

describe('Quiz: demo seed', () => {
  it('gives each demo company its pre-test, post-test and pre-post quizzes, all valid', async () => {
    for (const client of [api, acme]) {
      const items = (await client.call('Quiz', 'List', {})).json().data.items as {
        name: string;
        type: string;
        sections: unknown[];
      }[];
      expect(items.map((q) => q.name).sort()).toEqual(Object.values(DEMO_QUIZ_NAMES).sort());
      expect(new Set(items.map((q) => q.type))).toEqual(new Set(['pre', 'post', 'prePost']));
    }
  });
});

describe('Quiz: the structure rules (contract refine, on the server)', () => {
  it('stores a valid quiz with its sections, questions and options in order', async () => {
    const body = quiz();
    const res = await api.call('Quiz', 'Create', body);
    expect(res.statusCode, res.body).toBe(200);
    const got = (await api.call('Quiz', 'Get', { id: body.id })).json().data;
    expect(got.sections).toEqual(body.sections);
    expect(got).toMatchObject({ passingScore: 4, timeLimitMinutes: 0, attemptLimit: 0 });
  });

  it.each([
    [
      'a question with one option',
      withQuestion({ options: [option('Yes', true)] }),
      QUESTION_NEEDS_TWO_OPTIONS,
    ],
    [
      'a question without a correct option',
      withQuestion({ options: [option('A'), option('B')] }),
      QUESTION_NEEDS_CORRECT,
    ],
    [
      'a single-choice question with two correct options',
      withQuestion({ options: [option('A', true), option('B', true)] }),
      SINGLE_CHOICE_ONE_CORRECT,
    ],
  ])('refuses %s at that question', async (_, body, message) => {
    const res = await api.call('Quiz', 'Create', body);
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toContainEqual({ path: 'sections.0.questions.0.options', message });
  });

  it('takes a multiple-choice question with several correct options', async () => {
    const body = withQuestion({
      kind: 'multiple',
      options: [option('A', true), option('B', true), option('C')],
    });
    expect((await api.call('Quiz', 'Create', body)).statusCode).toBe(200);
  });

  it('refuses a passing score above the total, and takes one equal to it', async () => {
    const above = await api.call('Quiz', 'Create', quiz({ passingScore: 6 }));
    expect(above.statusCode).toBe(422);
    expect(fields(above)).toContainEqual({ path: 'passingScore', message: PASSING_SCORE_ABOVE_TOTAL });
    expect((await api.call('Quiz', 'Create', quiz({ passingScore: 5 }))).statusCode).toBe(200);
  });

  it('refuses a quiz without any question (empty sections too)', async () => {
    for (const sections of [[], [{ id: uuid(), title: 'Empty', questions: [] }]]) {
      const res = await api.call('Quiz', 'Create', quiz({ sections, passingScore: null }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toContainEqual({ path: 'sections', message: QUIZ_NEEDS_QUESTION });
    }
  });

  it('refuses blank names, questions and options with their messages', async () => {
    const body = quiz({
      name: '  ',
      sections: [
        {
          id: uuid(),
          title: '',
          questions: [question({ text: ' ', options: [option(''), option('B', true)] })],
        },
      ],
      passingScore: null,
    });
    const res = await api.call('Quiz', 'Create', body);
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: QUIZ_NAME_REQUIRED },
        { path: 'sections.0.questions.0.text', message: QUESTION_TEXT_REQUIRED },
        { path: 'sections.0.questions.0.options.0.text', message: OPTION_TEXT_REQUIRED },
      ]),
    );
  });

  it('applies the same rules to an update and to a synced change', async () => {
    const made = (await api.call('Quiz', 'Create', quiz())).json().data;
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    const res = await api.call('Quiz', 'Update', { ...editable, passingScore: 99 });
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toContainEqual({ path: 'passingScore', message: PASSING_SCORE_ABOVE_TOTAL });
    const pushed = await api.push([
      { id: uuid(), resource: 'Quiz', op: 'create', payload: withQuestion({ options: [option('A')] }) },
    ]);
    expect(pushed.statusCode).toBe(200);
    expect(JSON.stringify(pushed.json())).toContain(QUESTION_NEEDS_TWO_OPTIONS);
  });
});

describe('Quiz: deleting a quiz a course links', () => {
  it('refuses while a live course names it in quizIds, and allows it once the course is gone', async () => {
    const quizId = (await api.call('Quiz', 'Create', quiz())).json().data.id;
    const courseId = uuid();
    const course = await api.call('Course', 'Create', {
      id: courseId,
      name: 'Press safety basics',
      startAt: '2030-02-01T08:00:00+07:00',
      endAt: '2030-02-28T17:00:00+07:00',
      quizIds: [quizId],
    });
    expect(course.statusCode, course.body).toBe(200);
    const refused = await api.call('Quiz', 'Delete', { id: quizId });
    expect(refused.statusCode).toBe(422);
    expect(fields(refused)).toEqual([{ path: 'id', message: QUIZ_IN_COURSE }]);
    expect((await api.call('Quiz', 'Get', { id: quizId })).statusCode).toBe(200);

    expect((await api.call('Course', 'Delete', { id: courseId })).statusCode).toBe(200);
    expect((await api.call('Quiz', 'Delete', { id: quizId })).statusCode).toBe(200);
  });

  it('refuses a type change that would break a linking course’s quiz slots, and takes a harmless one', async () => {
    const pre = (await api.call('Quiz', 'Create', quiz({ type: 'pre' }))).json().data;
    const post = (await api.call('Quiz', 'Create', quiz({ type: 'post' }))).json().data;
    const course = await api.call('Course', 'Create', {
      id: uuid(),
      name: 'Two slots',
      startAt: '2030-02-01T08:00:00+07:00',
      endAt: '2030-02-28T17:00:00+07:00',
      quizIds: [pre.id, post.id],
    });
    expect(course.statusCode, course.body).toBe(200);
    const editable = ({ createdAt: _c, updatedAt: _u, deletedAt: _d, ...rest }: Record<string, unknown>) =>
      rest;
    const both = await api.call('Quiz', 'Update', { ...editable(pre), type: 'prePost' });
    expect(both.statusCode).toBe(422);
    expect(fields(both)).toEqual([{ path: 'type', message: COURSE_QUIZ_LIMIT }]);
    const twoPosts = await api.call('Quiz', 'Update', { ...editable(pre), type: 'post' });
    expect(twoPosts.statusCode).toBe(422);
    expect(fields(twoPosts)).toEqual([{ path: 'type', message: COURSE_QUIZ_SAME_TYPE }]);
    // A quiz no course links changes freely.
    const free = (await api.call('Quiz', 'Create', quiz({ type: 'pre' }))).json().data;
    expect((await api.call('Quiz', 'Update', { ...editable(free), type: 'prePost' })).statusCode).toBe(200);
    expect(
      (await api.call('Quiz', 'Update', { ...editable(pre), name: 'Renamed pre-test' })).statusCode,
    ).toBe(200);
  });

  it('deletes a quiz no course links', async () => {
    const quizId = (await api.call('Quiz', 'Create', quiz())).json().data.id;
    expect((await api.call('Quiz', 'Delete', { id: quizId })).statusCode).toBe(200);
    expect((await api.call('Quiz', 'Get', { id: quizId })).statusCode).toBe(404);
  });
});

describe('Quiz: permission area and company boundary', () => {
  it('answers 403 to a role that may read quizzes but not create, update or delete them', async () => {
    const readOnly = { ...FULL_ACCESS, create: false, update: false, delete: false };
    const role = (
      await api.call('Role', 'Create', {
        id: uuid(),
        name: `Quiz readers ${uuid().slice(0, 6)}`,
        permissions: permissionsWith((a) => (a === 'quiz' ? readOnly : FULL_ACCESS)),
        isDefault: false,
      })
    ).json().data.id;
    const name = `qr${uuid().slice(0, 8)}`;
    const user = await api.call('User', 'Create', {
      id: uuid(),
      employeeId: `Q-${name}`,
      firstName: 'Quiz',
      lastName: 'Reader',
      email: `${name}@demo.example`,
      phone: '0812345678',
      username: name,
      password: 'Secret@123',
      roleId: role,
    });
    expect(user.statusCode, user.body).toBe(200);
    const reader = resourceClient(t, await t.login('DEMO', name, 'Secret@123'));
    expect((await reader.call('Quiz', 'List', {})).statusCode).toBe(200);
    expect((await reader.call('Quiz', 'Create', quiz())).statusCode).toBe(403);
    const made = (await api.call('Quiz', 'Create', quiz())).json().data;
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    expect((await reader.call('Quiz', 'Update', { ...editable, name: 'Changed' })).statusCode).toBe(403);
    expect((await reader.call('Quiz', 'Delete', { id: made.id })).statusCode).toBe(403);
  });

  it('never shows or changes DEMO’s quizzes to ACME', async () => {
    const made = (await api.call('Quiz', 'Create', quiz({ name: 'DEMO only quiz' }))).json().data;
    expect((await acme.call('Quiz', 'List', { search: 'DEMO only quiz' })).json().data.items).toEqual([]);
    expect((await acme.call('Quiz', 'Get', { id: made.id })).statusCode).toBe(404);
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...editable } = made;
    expect((await acme.call('Quiz', 'Update', { ...editable, name: 'Taken' })).statusCode).toBe(404);
    expect((await acme.call('Quiz', 'Delete', { id: made.id })).statusCode).toBe(404);
    // ACME cannot link DEMO's quiz to a course of its own either.
    const course = await acme.call('Course', 'Create', {
      id: uuid(),
      name: 'Borrowed quiz',
      startAt: '2030-02-01T08:00:00+07:00',
      endAt: '2030-02-28T17:00:00+07:00',
      quizIds: [made.id],
    });
    expect(course.statusCode).toBe(422);
    expect((await api.call('Quiz', 'Get', { id: made.id })).json().data.name).toBe('DEMO only quiz');
  });
});
