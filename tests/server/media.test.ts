import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { tooLargeMessage } from '#contract/files.ts';
import { NOT_AN_MP3_SOUND, NOT_AN_MP4_VIDEO, VIDEO_TOO_HIGH } from '#contract/media.ts';
import { companies, files, tusUploads } from '../../server/db/schema.ts';
import { mediaOfFile, mediaRefusalFor } from '../../server/services/media-files.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { signIn, tusClient } from './tus-http.ts';

const MB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const fixture = (name: string) => readFile(new URL(`../fixtures/media/${name}`, import.meta.url));

let t: TestApp;
let base: string;
let token: string;
let client: ReturnType<typeof tusClient>;
let demoId: string;
let acmeId: string;

beforeAll(async () => {
  t = await makeTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await signIn(base);
  client = tusClient(token);
  const rows = await t.app.db.select({ id: companies.id, code: companies.code }).from(companies);
  demoId = rows.find((c) => c.code === 'DEMO')!.id;
  acmeId = rows.find((c) => c.code === 'ACME')!.id;
});
afterAll(() => t?.close());

const auth = () => ({ authorization: `Bearer ${token}` });

/** Every stored byte and bookkeeping row: a refused upload must leave all of it as it was. */
async function storedState() {
  const list = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();
  return {
    files: await list(t.config.filesDir),
    parts: await list(join(t.config.dataDir, 'tus')),
    fileRows: (await t.app.db.select({ id: files.id }).from(files)).map((r) => r.id).sort(),
    uploadRows: (await t.app.db.select({ id: tusUploads.id }).from(tusUploads)).map((r) => r.id).sort(),
  };
}

const fileRow = async (fileUrl: string) => {
  const id = fileUrl.split('/')[2]!;
  const [row] = await t.app.db.select().from(files).where(eq(files.id, id));
  return row;
};

/** A whole tus upload: create, then one PATCH with every byte; the final PATCH's answer. */
async function tusUpload(bytes: Buffer, fileName: string, kind: string) {
  const path = await client.create(base, bytes.length, fileName, kind);
  const res = await client.patch(base, path, 0, bytes);
  const body =
    res.status === 204 ? null : ((await res.json()) as { status: number; message: string; data: unknown });
  return { path, res, body, fileUrl: res.headers.get('upload-file-url') };
}

const uploadBase64 = (bytes: Buffer, fileName: string, kind: string) =>
  fetch(`${base}/api/v1/File/UploadFileStringBase`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify({ base64: bytes.toString('base64'), fileName, kind }),
  });

const uploadForm = (bytes: Buffer, fileName: string, kind: string) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return fetch(`${base}/api/v1/File/UploadFile`, { method: 'POST', headers: auth(), body: form });
};

describe('media uploads are checked by their bytes (tus)', () => {
  it('accepts an MP4 of 640x360 as a video and stores its duration and picture size', async () => {
    const before = await storedState();
    const bytes = await fixture('video-640x360.mp4');
    const { res, fileUrl } = await tusUpload(bytes, 'lesson 1.mp4', 'video');
    expect(res.status).toBe(204);
    expect(fileUrl).toMatch(/^\/files\/[0-9a-f-]{36}\/lesson-1\.mp4$/);
    expect(await fileRow(fileUrl!)).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      size: bytes.length,
      durationSeconds: 2,
      width: 640,
      height: 360,
    });
    expect((await storedState()).files).toHaveLength(before.files.length + 1);
    // The service the Video resource reads its minutes from: this company's file only.
    expect(await mediaOfFile(t.app.db, demoId, fileUrl!)).toEqual({
      durationSeconds: 2,
      width: 640,
      height: 360,
      size: bytes.length,
      mimeType: 'video/mp4',
    });
    expect(
      await mediaOfFile(t.app.db, demoId, `http://console.test${fileUrl}?expires=1&sig=x`),
    ).toMatchObject({
      durationSeconds: 2,
    });
    expect(await mediaOfFile(t.app.db, acmeId, fileUrl!)).toBeUndefined();
    expect(await mediaOfFile(t.app.db, demoId, '/files/not-a-file')).toBeUndefined();
  });

  it('accepts an MP4 whose moov is at the end, sent in small slices', async () => {
    const bytes = await fixture('video-640x360-moov-at-end.mp4');
    const path = await client.create(base, bytes.length, 'end.mp4', 'video');
    const fileUrl = await client.finish(base, path, bytes, 4096);
    expect(await fileRow(fileUrl)).toMatchObject({ durationSeconds: 2, width: 640, height: 360 });
  });

  it('refuses an MP4 of 1280x720 as a video with 422 and keeps nothing', async () => {
    const before = await storedState();
    const { path, res, body } = await tusUpload(await fixture('video-1280x720.mp4'), 'hd.mp4', 'video');
    expect(res.status).toBe(422);
    expect(body).toMatchObject({
      status: STATUS.validation,
      message: VIDEO_TOO_HIGH,
      data: { width: 1280, height: 720, heightBelow: 720 },
    });
    expect(VIDEO_TOO_HIGH).toBe(
      'The video must be less than 720 pixels high. Please choose a smaller video.',
    );
    expect(await storedState()).toEqual(before);
    expect((await client.head(base, path)).status).toBe(404);
  });

  it('refuses an HTML page named .mp4, and an MP4 with sound only, as a video (415)', async () => {
    const before = await storedState();
    const html = await tusUpload(await fixture('page.html.mp4'), 'lesson.mp4', 'video');
    expect(html.res.status).toBe(415);
    expect(html.body).toMatchObject({ status: STATUS.unsupportedType, message: NOT_AN_MP4_VIDEO });
    const soundOnly = await tusUpload(await fixture('sound-only.mp4'), 'talk.mp4', 'video');
    expect(soundOnly.res.status).toBe(415);
    expect(soundOnly.body).toMatchObject({ message: NOT_AN_MP4_VIDEO });
    expect(await storedState()).toEqual(before);
  });

  it('accepts an MP3 as a sound and stores its duration; refuses an HTML page named .mp3', async () => {
    const bytes = await fixture('sound-2s.mp3');
    const { res, fileUrl } = await tusUpload(bytes, 'song.mp3', 'audio');
    expect(res.status).toBe(204);
    const row = await fileRow(fileUrl!);
    expect(row).toMatchObject({ mimeType: 'audio/mpeg', width: null, height: null });
    expect(row!.durationSeconds).toBeCloseTo(2.06, 1);

    const before = await storedState();
    const html = await tusUpload(await fixture('page.html.mp4'), 'song.mp3', 'audio');
    expect(html.res.status).toBe(415);
    expect(html.body).toMatchObject({ message: NOT_AN_MP3_SOUND });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a 151 MB MP3 when the upload is created, before any byte is sent', async () => {
    const before = await storedState();
    const res = await fetch(`${base}/api/v1/File/Tus/`, {
      method: 'POST',
      headers: {
        ...auth(),
        ...TUS,
        'upload-length': String(151 * MB),
        'upload-metadata': `filename ${b64('long.mp3')},kind ${b64('audio')}`,
      },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: STATUS.tooLarge, message: tooLargeMessage('audio') });
    expect(tooLargeMessage('audio')).toBe('The file is too large: audio uploads must be under 150 MB.');
    expect(await storedState()).toEqual(before);
  });

  it('keeps an MP4 of 1280x720 as a general file (no height rule there), with its size read', async () => {
    const { res, fileUrl } = await tusUpload(await fixture('video-1280x720.mp4'), 'hd.mp4', 'file');
    expect(res.status).toBe(204);
    expect(await fileRow(fileUrl!)).toMatchObject({
      kind: 'file',
      width: 1280,
      height: 720,
      durationSeconds: 1,
    });
    // So a record's video field must not take it: what the rules of a video say of stored files.
    const hd = (await mediaOfFile(t.app.db, demoId, fileUrl!))!;
    expect(mediaRefusalFor('video', hd)).toBe(VIDEO_TOO_HIGH);
    expect(mediaRefusalFor('file', hd)).toBeUndefined();
    const sd = await tusUpload(await fixture('video-640x360.mp4'), 'sd.mp4', 'file');
    expect(mediaRefusalFor('video', (await mediaOfFile(t.app.db, demoId, sd.fileUrl!))!)).toBeUndefined();
    const talk = await tusUpload(await fixture('sound-only.mp4'), 'talk.mp4', 'file');
    const talkMedia = (await mediaOfFile(t.app.db, demoId, talk.fileUrl!))!;
    expect(talkMedia).toMatchObject({ durationSeconds: 1, height: null });
    expect(mediaRefusalFor('video', talkMedia)).toBe(NOT_AN_MP4_VIDEO);
    expect(mediaRefusalFor('audio', talkMedia)).toBe(NOT_AN_MP3_SOUND);
  });
});

describe('media uploads are checked by their bytes (base64 and form)', () => {
  it('accepts a 640x360 MP4 as base64 and answers its duration and picture size', async () => {
    const res = await uploadBase64(await fixture('video-640x360.mp4'), 'clip.mp4', 'video');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string } };
    expect(data).toMatchObject({ mimeType: 'video/mp4', durationSeconds: 2, width: 640, height: 360 });
    expect(await fileRow(data.url)).toMatchObject({ durationSeconds: 2, width: 640, height: 360 });
  });

  it('refuses a 1280x720 MP4 and an HTML page named .mp4 as base64, keeping nothing', async () => {
    const before = await storedState();
    const hd = await uploadBase64(await fixture('video-1280x720.mp4'), 'hd.mp4', 'video');
    expect(hd.status).toBe(422);
    expect(await hd.json()).toMatchObject({ message: VIDEO_TOO_HIGH });
    const html = await uploadBase64(await fixture('page.html.mp4'), 'clip.mp4', 'video');
    expect(html.status).toBe(415);
    expect(await html.json()).toMatchObject({ message: NOT_AN_MP4_VIDEO });
    expect(await storedState()).toEqual(before);
  });

  it('stores the duration of an MP3 sent as base64', async () => {
    const res = await uploadBase64(await fixture('sound-2s-no-xing.mp3'), 'song.mp3', 'audio');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string; durationSeconds: number } };
    expect(data.durationSeconds).toBeCloseTo(2.06, 1);
    expect((await fileRow(data.url))!.durationSeconds).toBeCloseTo(2.06, 1);
  });

  it('refuses a 1280x720 MP4 sent as a form, deleting the bytes it had stored', async () => {
    const before = await storedState();
    const hd = await uploadForm(await fixture('video-1280x720.mp4'), 'hd.mp4', 'video');
    expect(hd.status).toBe(422);
    expect(await hd.json()).toMatchObject({ message: VIDEO_TOO_HIGH });
    expect(await storedState()).toEqual(before);
    const ok = await uploadForm(await fixture('video-640x360-moov-at-end.mp4'), 'ok.mp4', 'video');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ data: { durationSeconds: 2, height: 360 } });
  });
});

/**
 * The moov-at-end fixture with `extra` zero bytes more of media data (its mdat grown): a large
 * video saved without faststart, whose moov is only found by reading past the media.
 */
async function paddedMoovAtEnd(extra: number) {
  const bytes = await fixture('video-640x360-moov-at-end.mp4');
  let at = 0;
  while (bytes.toString('latin1', at + 4, at + 8) !== 'mdat') at += bytes.readUInt32BE(at);
  const end = at + bytes.readUInt32BE(at);
  const grown = Buffer.concat([bytes.subarray(0, end), Buffer.alloc(extra), bytes.subarray(end)]);
  grown.writeUInt32BE(bytes.readUInt32BE(at) + extra, at);
  return grown;
}

describe('media uploads on the S3 store', () => {
  let s3: TestS3;
  let s3App: TestApp;
  let s3Base: string;
  let s3Client: ReturnType<typeof tusClient>;
  beforeAll(async () => {
    s3 = await startS3();
    s3App = await makeTestApp({ env: s3.env });
    s3Base = await s3App.app.listen({ port: 0, host: '127.0.0.1' });
    s3Client = tusClient(await signIn(s3Base));
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  const objects = async () =>
    (await readdir(join(s3.dir, s3.bucket), { recursive: true }).catch(() => [] as string[]))
      .filter((n) => n.endsWith('._S3rver_object'))
      .sort();

  it('reads the moov at the end of a 12 MB video by ranges of the object', async () => {
    const bytes = await paddedMoovAtEnd(12 * MB);
    const path = await s3Client.create(s3Base, bytes.length, 'long.mp4', 'video');
    const fileUrl = await s3Client.finish(s3Base, path, bytes);
    const [row] = await s3App.app.db
      .select()
      .from(files)
      .where(eq(files.id, fileUrl.split('/')[2]!));
    expect(row).toMatchObject({ size: bytes.length, durationSeconds: 2, width: 640, height: 360 });
  });

  it('refuses a 1280x720 video and deletes its object', async () => {
    const before = await objects();
    const bytes = await fixture('video-1280x720.mp4');
    const path = await s3Client.create(s3Base, bytes.length, 'hd.mp4', 'video');
    const res = await s3Client.patch(s3Base, path, 0, bytes);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: VIDEO_TOO_HIGH });
    expect(await objects()).toEqual(before);
    expect((await s3Client.head(s3Base, path)).status).toBe(404);
  });
});
