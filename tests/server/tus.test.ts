import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { NOT_A_READABLE_PICTURE } from '#contract/media.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(3000, 7),
]);
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

let t: TestApp;
let admin: string;
let trainer: string;
let acme: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login('DEMO', 'admin', 'Admin@1234');
  trainer = await t.login('DEMO', 'trainer', 'Trainer@1234');
  acme = await t.login('ACME', 'admin', 'Admin@1234');
});
afterAll(() => t?.close());

const create = (
  token: string,
  length: number,
  meta = `filename ${b64('ป้าย banner.png')},kind ${b64('banner')}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/File/Tus/',
    headers: { ...bearer(token), ...TUS, 'upload-length': String(length), 'upload-metadata': meta },
  });
const head = (token: string, url: string) =>
  t.app.inject({ method: 'HEAD', url, headers: { ...bearer(token), ...TUS } });
const patch = (token: string, url: string, offset: number, bytes: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...bearer(token),
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });

describe('tus resumable uploads', () => {
  it('creates, takes two chunks, resumes from the HEAD offset and completes with the file URL', async () => {
    const created = await create(admin, PNG.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const url = created.headers.location as string;
    expect(url).toMatch(/^\/api\/v1\/File\/Tus\/[0-9a-f-]{36}$/);

    const first = await patch(admin, url, 0, PNG.subarray(0, 1000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('1000');
    expect(first.headers['upload-file-url']).toBeUndefined();

    const probe = await head(admin, url);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe('1000');
    expect(probe.headers['upload-length']).toBe(String(PNG.length));
    expect(probe.headers['cache-control']).toBe('no-store');

    const last = await patch(admin, url, 1000, PNG.subarray(1000));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(PNG.length));
    const fileUrl = last.headers['upload-file-url'] as string;
    expect(fileUrl).toBe(`/files/${last.headers['upload-file-id']}/${encodeURIComponent('ป้าย-banner.png')}`);

    const served = await t.app.inject({ url: fileUrl, headers: bearer(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const after = await head(admin, url);
    expect(after.headers['upload-file-url']).toBe(fileUrl);
    expect(after.headers['upload-file-id']).toBe(last.headers['upload-file-id']);
  });

  it('refuses a PATCH at the wrong offset with 409 and the current offset', async () => {
    const url = (await create(admin, PNG.length)).headers.location as string;
    await patch(admin, url, 0, PNG.subarray(0, 500));
    const wrong = await patch(admin, url, 0, PNG.subarray(0, 500));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.headers['upload-offset']).toBe('500');
    expect((await head(admin, url)).headers['upload-offset']).toBe('500');
  });

  it('refuses at creation an upload larger than its kind allows (413), a name of another type (415) and an unknown kind (422)', async () => {
    const big = await create(admin, 4 * 1024 * 1024);
    expect(big.statusCode).toBe(413);
    expect(big.json().status).toBe(STATUS.tooLarge);
    expect(big.json().message).toContain('under 4 MB');
    const named = await create(admin, 10, `filename ${b64('a.svg')},kind ${b64('banner')}`);
    expect(named.statusCode).toBe(415);
    expect(named.json().message).toContain('must end in one of .png, .jpg, .jpeg');
    const odd = await create(admin, 10, `filename ${b64('a.png')},kind ${b64('poster')}`);
    expect(odd.statusCode).toBe(422);
    expect(odd.json().message).toContain('Unknown upload kind');
  });

  it("refuses content that is not the kind's type with 415 and deletes the partial file", async () => {
    const fake = Buffer.from('MZ this is not an image at all, whatever its name says');
    const url = (await create(admin, fake.length)).headers.location as string;
    const res = await patch(admin, url, 0, fake);
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(STATUS.unsupportedType);
    expect(res.json().message).toContain('allowed: PNG, JPEG');
    expect((await head(admin, url)).statusCode).toBe(404);
    expect(await readdir(join(t.config.dataDir, 'tus'))).not.toContain(url.split('/').pop());
  });

  it('refuses a picture that starts like a PNG but does not decode, once its last byte arrives', async () => {
    const damaged = Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(3000, 0x41)]);
    const url = (await create(admin, damaged.length)).headers.location as string;
    expect((await patch(admin, url, 0, damaged.subarray(0, 1000))).statusCode).toBe(204);
    const res = await patch(admin, url, 1000, damaged.subarray(1000));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: STATUS.unsupportedType, message: NOT_A_READABLE_PICTURE });
    expect((await head(admin, url)).statusCode).toBe(404);
    expect(await readdir(join(t.config.dataDir, 'tus'))).not.toContain(url.split('/').pop());
  });

  it("answers 404 to anyone but the upload's creator, and 401 without a token", async () => {
    const url = (await create(admin, PNG.length)).headers.location as string;
    for (const other of [trainer, acme]) {
      expect((await head(other, url)).statusCode).toBe(404);
      expect((await patch(other, url, 0, PNG)).statusCode).toBe(404);
    }
    expect((await head(admin, url)).headers['upload-offset']).toBe('0');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/File/Tus/',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bytes past Upload-Length with 413 and a body of the wrong type with 415', async () => {
    const url = (await create(admin, 100)).headers.location as string;
    expect((await patch(admin, url, 0, PNG.subarray(0, 200))).statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(admin), ...TUS, 'upload-offset': '0' },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers OPTIONS with the protocol it speaks', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/File/Tus/' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-extension']).toBe('creation');
  });
});

describe('stale uploads', () => {
  it('removes an upload untouched for 24 hours with its bytes', async () => {
    const { sweepStaleUploads } = await import('../../server/services/tus-uploads.ts');
    const url = (await create(admin, PNG.length)).headers.location as string;
    await patch(admin, url, 0, PNG.subarray(0, 100));
    const dir = join(t.config.dataDir, 'tus');
    expect(await sweepStaleUploads(t.app.db, t.app.fileStore.tus, new Date(Date.now() + 23 * 3600_000))).toBe(
      0,
    );
    expect(
      await sweepStaleUploads(t.app.db, t.app.fileStore.tus, new Date(Date.now() + 25 * 3600_000)),
    ).toBeGreaterThan(0);
    expect((await head(admin, url)).statusCode).toBe(404);
    expect(await readdir(dir)).not.toContain(url.split('/').pop());
  });
});
