import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPE_MISSING } from '#contract/resources/content.ts';
import { LESSON_BODY_REQUIRED } from '#contract/resources/knowledge-share.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function upload(token: string, bytes: Buffer, fileName: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(token),
    payload: { base64: bytes.toString('base64'), fileName, kind: 'file' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

beforeAll(async () => {
  t = await makeTestApp();
  tokens.admin = await t.login('DEMO', 'admin', 'Admin@1234');
  tokens.trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
  tokens.acme = await t.login('ACME', 'admin', 'Admin@1234');
  for (const who of ['admin', 'trainer'] as const) {
    const s = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Login/Session',
      headers: bearer(tokens[who]!),
    });
    ids[who] = s.json().data.userID;
  }
});
afterAll(() => t?.close());

const lesson = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Tilt the mast back before reversing',
  body: 'A pallet slid off the forks on the ramp.',
  ...over,
});
const fields = (res: { json: () => { data: { fields: { path: string; message: string }[] } } }) =>
  res.json().data.fields;

describe('KnowledgeShare: lessons with attachments, authored by whoever wrote them', () => {
  it('keeps attachments in order and sets the author from the token, not the body', async () => {
    const trainer = resourceClient(t, tokens.trainer!);
    const files = [
      await upload(tokens.trainer!, PDF, 'report.pdf'),
      await upload(tokens.trainer!, PNG, 'ramp.png'),
    ];
    const l = lesson({ attachments: files, authorId: ids.admin, published: true });
    const res = await trainer.call('KnowledgeShare', 'Create', l);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ attachments: files, authorId: ids.trainer, published: true });

    // An admin's edit keeps the trainer as the author.
    const admin = resourceClient(t, tokens.admin!);
    const edited = await admin.call('KnowledgeShare', 'Update', {
      ...l,
      title: 'Edited',
      authorId: ids.admin,
      rev: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.authorId).toBe(ids.trainer);
  });

  it("refuses another company's file among the attachments, naming which one", async () => {
    const admin = resourceClient(t, tokens.admin!);
    const mine = await upload(tokens.admin!, PDF, 'mine.pdf');
    const theirs = await upload(tokens.acme!, PDF, 'theirs.pdf');
    const res = await admin.call('KnowledgeShare', 'Create', lesson({ attachments: [mine, theirs] }));
    expect(res.statusCode).toBe(422);
    expect(fields(res).map((f) => f.path)).toEqual(['attachments.1']);
  });

  it('refuses an empty lesson and an unknown type of knowledge; keeps companies apart', async () => {
    const admin = resourceClient(t, tokens.admin!);
    const empty = await admin.call('KnowledgeShare', 'Create', lesson({ body: ' ' }));
    expect(fields(empty)).toContainEqual({ path: 'body', message: LESSON_BODY_REQUIRED });
    const badType = await admin.call(
      'KnowledgeShare',
      'Create',
      lesson({ typeOfKnowledgeId: crypto.randomUUID() }),
    );
    expect(fields(badType)).toEqual([{ path: 'typeOfKnowledgeId', message: CONTENT_TYPE_MISSING }]);
    const l = lesson();
    expect((await admin.call('KnowledgeShare', 'Create', l)).statusCode).toBe(200);
    const acme = resourceClient(t, tokens.acme!);
    expect((await acme.call('KnowledgeShare', 'Get', { id: l.id })).statusCode).toBe(404);
  });
});
