import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_NEEDS_BODY_OR_FILE,
  CONTENT_DEPARTMENT_MISSING,
  CONTENT_TOPIC_MISSING,
  CONTENT_TYPE_MISSING,
} from '#contract/resources/content.ts';
import { TOPIC_TITLE_TAKEN, topicInUse } from '#contract/resources/topic.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';
import { resourceClient } from './resource-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let demoToken: string;
let acmeToken: string;
let trainer: ReturnType<typeof resourceClient>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(token: string, bytes: Buffer, fileName: string, kind: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(token),
    payload: { base64: bytes.toString('base64'), fileName, kind },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; size: number };
}

beforeAll(async () => {
  t = await makeTestApp();
  demoToken = await t.login('DEMO', 'admin', 'Admin@1234');
  acmeToken = await t.login('ACME', 'admin', 'Admin@1234');
  api = resourceClient(t, demoToken);
  acme = resourceClient(t, acmeToken);
  trainer = resourceClient(t, await t.login('DEMO', 'trainer', 'Trainer@1234'));
});
afterAll(() => t?.close());

const newTopic = async (client = api, over: Record<string, unknown> = {}) => {
  const body = { id: crypto.randomUUID(), title: `Topic ${crypto.randomUUID().slice(0, 8)}`, ...over };
  const res = await client.call('Topic', 'Create', body);
  expect(res.statusCode, res.body).toBe(200);
  return body.id;
};
const article = (topicId: string, over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Lockout tagout in five steps',
  description: 'Before any maintenance.',
  topicId,
  body: 'Step one: announce the shutdown.',
  minutes: 5,
  ...over,
});
const fields = (res: { json: () => { data: { fields: { path: string; message: string }[] } } }) =>
  res.json().data.fields;

describe('Article: a topic of the company, real types and departments, size read from the file', () => {
  it('creates an article with its text, lists it, and a trainer with library rights may too', async () => {
    const topicId = await newTopic();
    const a = article(topicId);
    const res = await api.call('Article', 'Create', a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: a.title,
      topicId,
      minutes: 5,
      fileSize: 0,
      audience: 'all',
    });
    const list = await api.call('Article', 'List', { filters: { topicId } });
    expect(list.json().data.items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await trainer.call('Article', 'Create', article(topicId))).statusCode).toBe(200);
  });

  it('refuses an article with neither text nor file', async () => {
    const res = await api.call('Article', 'Create', article(await newTopic(), { body: '  ' }));
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toContainEqual({ path: 'body', message: ARTICLE_NEEDS_BODY_OR_FILE });
  });

  it('takes a PDF as its file and stores the size the server measured, not the one sent', async () => {
    const pdf = await upload(demoToken, PDF, 'guide.pdf', 'file');
    const res = await api.call(
      'Article',
      'Create',
      article(await newTopic(), { body: '', file: pdf.url, fileSize: 1 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fileSize).toBe(PDF.length);
  });

  it("refuses another company's topic, type, department or file, and unknown ones", async () => {
    const theirTopic = await newTopic(acme);
    const res = await api.call('Article', 'Create', article(theirTopic));
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual([{ path: 'topicId', message: CONTENT_TOPIC_MISSING }]);
    const topicId = await newTopic();
    const badType = await api.call(
      'Article',
      'Create',
      article(topicId, { typeOfContentId: crypto.randomUUID() }),
    );
    expect(fields(badType)).toEqual([{ path: 'typeOfContentId', message: CONTENT_TYPE_MISSING }]);
    const badDept = await api.call(
      'Article',
      'Create',
      article(topicId, { departmentIds: [crypto.randomUUID()] }),
    );
    expect(fields(badDept)).toEqual([{ path: 'departmentIds', message: CONTENT_DEPARTMENT_MISSING }]);
    const theirPdf = await upload(acmeToken, PDF, 'theirs.pdf', 'file');
    const badFile = await api.call('Article', 'Create', article(topicId, { file: theirPdf.url }));
    expect(badFile.statusCode).toBe(422);
    expect(fields(badFile)[0].path).toBe('file');
  });

  it('keeps articles apart between companies', async () => {
    const topicId = await newTopic();
    const a = article(topicId);
    await api.call('Article', 'Create', a);
    expect((await acme.call('Article', 'Get', { id: a.id })).statusCode).toBe(404);
    const theirs = (await acme.call('Article', 'List', {})).json().data.items as { id: string }[];
    expect(theirs.some((x) => x.id === a.id)).toBe(false);
  });
});

describe('Topic: titles unique among siblings, no delete while contents remain', () => {
  it('refuses a second main topic with the same title, but allows it under another parent', async () => {
    const title = `Safety ${crypto.randomUUID().slice(0, 6)}`;
    const first = await newTopic(api, { title });
    const twin = await api.call('Topic', 'Create', {
      id: crypto.randomUUID(),
      title: ` ${title.toUpperCase()} `,
    });
    expect(twin.statusCode).toBe(422);
    expect(fields(twin)).toEqual([{ path: 'title', message: TOPIC_TITLE_TAKEN }]);
    await newTopic(api, { title, parentId: first });
    // Another company may use the same title.
    await newTopic(acme, { title });
  });

  it('refuses to delete a topic that still holds contents, with the counts', async () => {
    const topicId = await newTopic();
    const a = article(topicId);
    await api.call('Article', 'Create', a);
    const refused = await api.call('Topic', 'Delete', { id: topicId, rev: 1 });
    expect(refused.statusCode).toBe(422);
    expect(fields(refused)).toEqual([{ path: 'id', message: topicInUse(0, 1) }]);
    expect((await api.call('Article', 'Delete', { id: a.id, rev: 1 })).statusCode).toBe(200);
    expect((await api.call('Topic', 'Delete', { id: topicId, rev: 1 })).statusCode).toBe(200);
  });
});
