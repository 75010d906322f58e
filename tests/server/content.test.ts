import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_NOT_CROPPED, VIDEO_TOO_HIGH } from '#contract/media.ts';
import {
  ARTICLE_NEEDS_BODY_OR_FILE,
  CONTENT_DEPARTMENT_MISSING,
  CONTENT_TOPIC_MISSING,
  CONTENT_TYPE_MISSING,
} from '#contract/resources/content.ts';
import { TOPIC_TITLE_TAKEN, topicInUse } from '#contract/resources/topic.ts';
import { demoBannerPng } from '../../server/db/demo-png.ts';
import { files } from '../../server/db/schema.ts';
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

describe('Sound and Video: minutes and size read from the media, never typed', () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));

  it('sets a video’s minutes and size from its MP4, whatever the client sent', async () => {
    const bytes = fixture('video-640x360.mp4');
    const mp4 = await upload(demoToken, bytes, 'forklift.mp4', 'video');
    const topicId = await newTopic();
    const v = {
      id: crypto.randomUUID(),
      title: 'Forklift walk-around',
      topicId,
      file: mp4.url,
      minutes: 99,
      fileSize: 1,
    };
    const res = await api.call('Video', 'Create', v);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ minutes: 1, fileSize: bytes.length });
    const mp3 = await upload(demoToken, fixture('sound-2s.mp3'), 'briefing.mp3', 'audio');
    const sound = await api.call('Sound', 'Create', {
      id: crypto.randomUUID(),
      title: 'Briefing',
      topicId,
      file: mp3.url,
      minutes: 40,
    });
    expect(sound.statusCode, sound.body).toBe(200);
    expect(sound.json().data.minutes).toBe(1);
  });

  it('refuses as a video a 1280x720 MP4 that was uploaded as a general file', async () => {
    const big = await upload(demoToken, fixture('video-1280x720.mp4'), 'hd.mp4', 'file');
    const res = await api.call('Video', 'Create', {
      id: crypto.randomUUID(),
      title: 'HD',
      topicId: await newTopic(),
      file: big.url,
    });
    expect(res.statusCode).toBe(422);
    expect(fields(res)).toEqual([{ path: 'file', message: VIDEO_TOO_HIGH }]);
  });

  it('refuses a sound whose file is a video, by the stored type', async () => {
    const mp4 = await upload(demoToken, fixture('video-640x360.mp4'), 'clip.mp4', 'video');
    const res = await api.call('Sound', 'Create', {
      id: crypto.randomUUID(),
      title: 'Not a sound',
      topicId: await newTopic(),
      file: mp4.url,
    });
    expect(res.statusCode).toBe(422);
    expect(fields(res)[0]?.path).toBe('file');
  });
});

describe('Covers: exactly 800x450, as the console crops them', () => {
  const cover = async (bytes: Buffer, fileName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/File/UploadFileStringBase',
      headers: bearer(demoToken),
      payload: { base64: bytes.toString('base64'), fileName, kind: 'cover' },
    });

  it('takes an 800x450 PNG and refuses a picture of another size, keeping nothing', async () => {
    expect((await cover(demoBannerPng([1, 2, 3]), 'ok.png')).statusCode).toBe(200);
    const before = await t.app.db.select().from(files);
    const wrong = await cover(demoBannerPng([1, 2, 3], 1600, 1200), 'big.png');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(PICTURE_NOT_CROPPED);
    expect((await t.app.db.select().from(files)).length).toBe(before.length);
  });
});
