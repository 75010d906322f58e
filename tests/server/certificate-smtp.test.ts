import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { bearer, HOUR, makeClock, makeTestApp, type TestApp } from './helpers.ts';

// Issue 10: a learner passes a course whose certificate is e-mailed automatically, and the e-mail
// arrives, with the PDF attached, at a real SMTP server on loopback (SMTP_URL).

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
const clock = makeClock(new Date('2030-05-01T03:00:00Z'));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await makeTestApp({ now: clock.now, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(token), payload });

async function created(token: string, resource: string, body: object) {
  const id = uuidv7();
  const res = await post(token, `${resource}/Create`, { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** The base64 body of the MIME part whose Content-Type is application/pdf, decoded. */
function pdfAttachment(raw: string) {
  const parts = raw.split(/\r?\n--/);
  const part = parts.find((p) => /Content-Type: application\/pdf/i.test(p));
  if (!part) return null;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

describe('certificate e-mail over SMTP', () => {
  it('arrives at the mail server with the PDF attached when a learner passes', async () => {
    const admin = await t.login('DEMO', 'admin', 'Admin@1234');
    const learner = await t.login('DEMO', 'kanya', DEMO_USER_PASSWORD);
    const template = await created(admin, 'CertificateTemplate', { name: 'Quality certificate' });
    const q = { q: crypto.randomUUID(), yes: crypto.randomUUID(), no: crypto.randomUUID() };
    const quiz = await created(admin, 'Quiz', {
      name: 'Quality check',
      type: 'post',
      passingScore: 1,
      sections: [
        {
          id: crypto.randomUUID(),
          title: 'Basics',
          questions: [
            {
              id: q.q,
              text: 'Measure before cutting?',
              kind: 'single',
              score: 1,
              options: [
                { id: q.yes, text: 'Yes', correct: true },
                { id: q.no, text: 'No', correct: false },
              ],
            },
          ],
        },
      ],
    });
    const courseId = await created(admin, 'Course', {
      name: 'Quality basics',
      startAt: new Date(clock.now().getTime() - HOUR).toISOString(),
      endAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      allUsers: true,
      quizIds: [quiz],
      postTestCondition: 'anytime',
      certificate: true,
      certificateTemplateId: template,
      certificateSending: 'auto',
    });
    const attempt = (await post(learner, 'Learner/StartQuiz', { courseId, slot: 'post' })).json().data;
    const submitted = await post(learner, 'Learner/SubmitQuiz', {
      attemptId: attempt.id,
      answers: { [q.q]: [q.yes] },
    });
    expect(submitted.json().data.passed).toBe(true);
    await t.app.certificates.idle();
    await t.app.mailer.flush();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['kanya@demo.example']);
    expect(mail!.raw).toContain('Subject: Your certificate: Quality basics');
    const pdf = pdfAttachment(mail!.raw);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf!.byteLength).toBeGreaterThan(2000);

    const history = (await post(admin, 'Certificate/History', { courseId })).json().data;
    expect(history[0]).toMatchObject({ emailState: 'sent', timesSent: 1, lastSentBy: null });
  });
});
