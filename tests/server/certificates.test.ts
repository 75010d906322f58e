import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCertificate } from '#contract/resources/certificate.ts';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { bearer, HOUR, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

// Issue 10: a certificate is issued once when a learner passes (through the learner calls), none
// on a fail; auto e-mail, manual send and resend counted in the history; the public verification
// page for a valid, an unknown and a revoked code; other companies see none of it.

const clock = makeClock(new Date('2030-05-01T03:00:00Z'));
let t: TestApp;
let admin: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
const tokens = {} as Record<'admin' | 'nattapong' | 'kanya' | 'acme', string>;
const ids = {} as Record<'nattapong' | 'kanya' | 'template' | 'quiz' | 'course', string>;
const answers = {} as Record<'q1' | 'a' | 'b', string>;

const iso = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

async function create(resource: string, body: object, client = admin) {
  const id = uuidv7();
  const res = await client.call(resource, 'Create', { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(token), payload });

function quizBody(passingScore: number | null, keep = false) {
  const q = { q1: crypto.randomUUID(), a: crypto.randomUUID(), b: crypto.randomUUID() };
  if (keep) Object.assign(answers, q);
  return {
    name: 'Fire safety test',
    type: 'post',
    passingScore,
    sections: [
      {
        id: crypto.randomUUID(),
        title: 'Basics',
        questions: [
          {
            id: q.q1,
            text: 'Which extinguisher for an electrical fire?',
            kind: 'single',
            score: 1,
            options: [
              { id: q.a, text: 'CO2', correct: true },
              { id: q.b, text: 'Water', correct: false },
            ],
          },
        ],
      },
    ],
  };
}

const courseBody = (over: Record<string, unknown> = {}) => ({
  name: 'Fire safety',
  startAt: iso(-HOUR),
  endAt: iso(24 * HOUR),
  allUsers: true,
  videos: [],
  quizIds: [ids.quiz],
  postTestCondition: 'anytime',
  certificate: true,
  certificateTemplateId: ids.template,
  certificateSending: 'auto',
  ...over,
});

/** Takes the course's post-test with the right (or a wrong) answer. */
async function takeTest(token: string, right: boolean) {
  const attempt = await post(token, 'Learner/StartQuiz', { courseId: ids.course, slot: 'post' });
  expect(attempt.statusCode, attempt.body).toBe(200);
  const res = await post(token, 'Learner/SubmitQuiz', {
    attemptId: attempt.json().data.id,
    answers: { [answers.q1]: [right ? answers.a : answers.b] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.passed).toBe(right);
  await t.app.certificates.idle();
  await t.app.mailer.flush();
}

async function history(token = tokens.admin) {
  const res = await post(token, 'Certificate/History', { courseId: ids.course });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as IssuedCertificate[];
}

const mails = async () => {
  const dir = t.config.mailDir;
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map((n) => readFile(join(dir, n), 'utf8')));
};

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  tokens.admin = await t.login('DEMO', 'admin', 'Admin@1234');
  tokens.nattapong = await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD);
  tokens.kanya = await t.login('DEMO', 'kanya', DEMO_USER_PASSWORD);
  tokens.acme = await t.login('ACME', 'admin', 'Admin@1234');
  admin = resourceClient(t, tokens.admin);
  acme = resourceClient(t, tokens.acme);
  const users = (await admin.call('User', 'List', { per_page: 500 })).json().data.items as {
    id: string;
    username: string;
  }[];
  ids.nattapong = users.find((u) => u.username === 'nattapong')!.id;
  ids.kanya = users.find((u) => u.username === 'kanya')!.id;
  ids.template = await create('CertificateTemplate', { name: 'Safety certificate', language: 'th' });
  ids.quiz = await create('Quiz', quizBody(1, true));
});
afterAll(() => t?.close());

describe('the course side of a certificate (spec section 5)', () => {
  it('starts a template with the default elements on landscape A4', async () => {
    const tpl = (await admin.call('CertificateTemplate', 'Get', { id: ids.template })).json().data;
    expect([tpl.width, tpl.height]).toEqual([842, 595]);
    expect(tpl.elements.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['learnerName', 'courseName', 'date', 'qr']),
    );
  });

  it('needs the passing score first, then a template of the company', async () => {
    const noScore = await create('Quiz', quizBody(null));
    const first = await admin.call('Course', 'Create', {
      id: uuidv7(),
      ...courseBody({ quizIds: [noScore] }),
    });
    expect(first.statusCode).toBe(422);
    expect(first.json().data.fields[0]).toMatchObject({
      path: 'quizIds',
      message: 'Passing score must be specified first',
    });
    const noQuiz = await admin.call('Course', 'Create', { id: uuidv7(), ...courseBody({ quizIds: [] }) });
    expect(noQuiz.json().data.fields[0].message).toBe('Passing score must be specified first');
    const noTemplate = await admin.call('Course', 'Create', {
      id: uuidv7(),
      ...courseBody({ certificateTemplateId: null }),
    });
    expect(noTemplate.statusCode).toBe(422);
    expect(noTemplate.json().data.fields[0]).toMatchObject({
      path: 'certificateTemplateId',
      message: 'A certificate template must be selected',
    });
    const acmeTemplate = await create('CertificateTemplate', { name: 'ACME template' }, acme);
    const foreign = await admin.call('Course', 'Create', {
      id: uuidv7(),
      ...courseBody({ certificateTemplateId: acmeTemplate }),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().data.fields[0].path).toBe('certificateTemplateId');
    ids.course = await create('Course', courseBody());
  });

  it("keeps the post-test's passing score and the template while the course gives a certificate", async () => {
    const quiz = (await admin.call('Quiz', 'Get', { id: ids.quiz })).json().data;
    const cleared = await admin.call('Quiz', 'Update', { ...quiz, passingScore: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().data.fields[0].message).toBe('Passing score must be specified first');
    const removed = await admin.call('CertificateTemplate', 'Delete', { id: ids.template, rev: 1 });
    expect(removed.statusCode).toBe(422);
  });
});

describe('issuing and e-mailing', () => {
  it('issues nothing on a fail', async () => {
    await takeTest(tokens.kanya, false);
    expect(await history()).toEqual([]);
  });

  it('issues one certificate on a pass and e-mails it with the PDF (auto)', async () => {
    const before = (await mails()).length;
    await takeTest(tokens.nattapong, true);
    const rows = await history();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      userId: ids.nattapong,
      learnerName: 'Nattapong Wongsawat',
      emailState: 'sent',
      timesSent: 1,
      lastSentBy: null,
      revokedAt: null,
    });
    expect(row!.code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{12}$/);
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('To: nattapong@');
    expect(sent[0]).toMatch(/Content-Type: application\/pdf;\s+name=certificate-Fire-safety-\w{12}\.pdf/);
    // A second pass (another attempt) issues no second certificate and sends no second e-mail.
    await takeTest(tokens.nattapong, true);
    expect(await history()).toHaveLength(1);
    expect((await history())[0]!.timesSent).toBe(1);
  });

  it('sends by hand to the chosen users who passed, and counts every resend', async () => {
    const res = await post(tokens.admin, 'Certificate/Send', {
      courseId: ids.course,
      userIds: [ids.nattapong, ids.kanya],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      sent: [ids.nattapong],
      skipped: [{ userId: ids.kanya, reason: 'notPassed' }],
    });
    clock.advance(HOUR);
    await post(tokens.admin, 'Certificate/Send', { courseId: ids.course, userIds: [ids.nattapong] });
    const [row] = await history();
    expect(row!.timesSent).toBe(3);
    // The demo administrator of DEMO (server/db/seed-data.ts).
    expect(row!.lastSentBy).toBe('Somchai Jaidee');
    expect(row!.sends.map((s) => s.sentBy === null)).toEqual([false, false, true]);
    expect(Date.parse(row!.sends[0]!.sentAt)).toBeGreaterThan(Date.parse(row!.sends[1]!.sentAt));
  });

  it('gives the PDF of an issued certificate', async () => {
    const [row] = await history();
    const res = await post(tokens.admin, 'Certificate/Pdf', { id: row!.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the preview and the demo data', () => {
  it("renders a saved template with a sample learner of the chosen language; not another company's", async () => {
    const res = await post(tokens.admin, 'Certificate/Preview', { templateId: ids.template, sample: 'th' });
    expect(res.statusCode).toBe(200);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('สมชาย ใจดี');
    expect(
      (await post(tokens.acme, 'Certificate/Preview', { templateId: ids.template, sample: 'th' })).statusCode,
    ).toBe(404);
  });

  it('seeds a template and a course whose learners who finished it have certificates not sent yet', async () => {
    const templates = (await admin.call('CertificateTemplate', 'List', { per_page: 50 })).json().data.items;
    const demo = templates.find((x: { name: string }) => x.name === 'Course completion');
    expect(demo?.background).toMatch(/^\/files\//);
    const courses = (await admin.call('Course', 'List', { per_page: 50 })).json().data.items as {
      id: string;
      certificate: boolean;
      certificateTemplateId: string | null;
      certificateSending: string;
    }[];
    const withCertificate = courses.filter((c) => c.certificate && c.id !== ids.course);
    expect(withCertificate).toHaveLength(1);
    expect(withCertificate[0]).toMatchObject({
      certificateTemplateId: demo.id,
      certificateSending: 'manual',
    });
    const res = await post(tokens.admin, 'Certificate/History', { courseId: withCertificate[0]!.id });
    const rows = res.json().data as IssuedCertificate[];
    // One certificate per learner who finished (passed) the course in the demo progress.
    const report = await post(tokens.admin, 'Course/Report', {
      courseId: withCertificate[0]!.id,
      per_page: 500,
    });
    const totals = report.json().data.totals as Record<string, number>;
    expect(rows).toHaveLength((totals.finishedBeforeExpiry ?? 0) + (totals.finishedAfterExpiry ?? 0));
    expect(rows.every((r) => r.emailState === 'notSent' && r.timesSent === 0)).toBe(true);
  });
});

describe('the public verification page', () => {
  const verify = (code: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/verify/${code}`, headers: { 'accept-language': lang } });

  it('says who earned what and when for a valid code, and nothing else', async () => {
    const [row] = await history();
    const res = await verify(row!.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Valid certificate');
    expect(res.body).toContain('Nattapong Wongsawat');
    expect(res.body).toContain('Fire safety');
    expect(res.body).toContain('1 May 2030');
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain(ids.nattapong);
  });

  it('says unknown for a code no certificate has', async () => {
    const res = await verify('ABCDEFGHJKLM');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Unknown certificate');
    expect((await verify('<script>')).statusCode).toBe(404);
  });

  it('says revoked once revoked, and no longer sends it', async () => {
    const [row] = await history();
    const revoked = await post(tokens.admin, 'Certificate/Revoke', { id: row!.id });
    expect(revoked.statusCode).toBe(200);
    const res = await verify(row!.code, 'th');
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('ถูกเพิกถอน');
    const send = await post(tokens.admin, 'Certificate/Send', {
      courseId: ids.course,
      userIds: [ids.nattapong],
    });
    expect(send.json().data.skipped).toEqual([{ userId: ids.nattapong, reason: 'revoked' }]);
  });
});

describe('tenant isolation and rights', () => {
  it("never shows or changes another company's certificates", async () => {
    const [row] = await history();
    expect((await post(tokens.acme, 'Certificate/History', { courseId: ids.course })).statusCode).toBe(404);
    expect(
      (await post(tokens.acme, 'Certificate/Send', { courseId: ids.course, userIds: [ids.nattapong] }))
        .statusCode,
    ).toBe(404);
    expect((await post(tokens.acme, 'Certificate/Revoke', { id: row!.id })).statusCode).toBe(404);
    expect((await post(tokens.acme, 'Certificate/Pdf', { id: row!.id })).statusCode).toBe(404);
    expect((await acme.call('CertificateTemplate', 'Get', { id: ids.template })).statusCode).toBe(404);
  });

  it('sends and revokes only with the right to change courses: a learner gets 403', async () => {
    const [row] = await history();
    expect((await post(tokens.nattapong, 'Certificate/Revoke', { id: row!.id })).statusCode).toBe(403);
    expect(
      (await post(tokens.nattapong, 'Certificate/Send', { courseId: ids.course, userIds: [ids.nattapong] }))
        .statusCode,
    ).toBe(403);
  });
});
