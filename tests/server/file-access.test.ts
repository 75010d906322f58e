import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { PLATFORM_COMPANY_ID, SIGNED_FILE_URL_SECONDS } from '#contract/files.ts';
import { loadConfig } from '../../server/config.ts';
import { companies } from '../../server/db/schema.ts';
import { KEY_FILE, loadFileUrlKey } from '../../server/lib/file-urls.ts';
import { recordFile } from '../../server/services/uploads.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';

const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(1000, 7),
]);

const clock = makeClock();
let t: TestApp;
let demo: string;
let acme: string;
/** DEMO's uploaded banner. */
let fileUrl: string;
let platformUrl: string;

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

const sign = (token: string, urls: string[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/File/Sign', headers: bearer(token), payload: { urls } });

async function signed(url: string, token = demo) {
  const res = await sign(token, [url]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.urls[0] as string;
}

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  demo = await t.login('DEMO', 'admin', 'Admin@1234');
  acme = await t.login('ACME', 'admin', 'Admin@1234');
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(demo),
    payload: { base64: PNG.toString('base64'), fileName: 'ป้าย banner.png', kind: 'banner' },
  });
  fileUrl = upload.json().data.url;

  // A file of the platform's content store, as its seed will write it.
  await t.app.db
    .insert(companies)
    .values({ id: PLATFORM_COMPANY_ID, code: 'PLATFORM', name: 'Platform' })
    .onConflictDoNothing();
  const id = randomUUID();
  const size = await t.app.fileStore.write(id, PNG);
  const [admin] = await t.app.db.query.users.findMany({ limit: 1 });
  platformUrl = (
    await recordFile(t.app.db, {
      id,
      companyId: PLATFORM_COMPANY_ID,
      ownerId: admin!.id,
      kind: 'cover',
      fileName: 'store-cover.png',
      mimeType: 'image/png',
      size,
      storagePath: id,
    })
  ).url;
});
afterAll(() => t?.close());

describe('files are not public', () => {
  it('answers 401 without a bearer or a signature, for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(fileUrl, {}, method);
      expect(res.statusCode).toBe(401);
      expect(res.rawPayload.includes(PNG.subarray(0, 8))).toBe(false);
    }
    expect((await get(fileUrl)).json()).toMatchObject({
      status: STATUS.unauthorized,
      message: 'Sign in, or use a signed link, to open this file.',
    });
    expect((await get(fileUrl, bearer('not-a-session'))).statusCode).toBe(401);
  });

  it("serves the file to a bearer of the file's company, with ranges and HEAD", async () => {
    const whole = await get(fileUrl, bearer(demo));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    const part = await get(fileUrl, { ...bearer(demo), range: 'bytes=8-15' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(PNG.subarray(8, 16))).toBe(true);
    const head = await get(fileUrl, bearer(demo), 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
  });

  it("answers another company's bearer as if the file did not exist", async () => {
    const foreign = await get(fileUrl, bearer(acme));
    const unknown = await get(`/files/${randomUUID()}/x.png`, bearer(acme));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await get(fileUrl, bearer(acme), 'HEAD')).statusCode).toBe(404);
  });

  it('opens a signed URL without a bearer: whole, by range and HEAD', async () => {
    const url = await signed(fileUrl);
    expect(url).toMatch(new RegExp(`^${fileUrl.replace(/[.?]/g, '\\$&')}\\?exp=\\d+&sig=[\\w-]+$`));
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    const part = await get(url, { range: 'bytes=100-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-${PNG.length - 1}/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(100))).toBe(true);
    const head = await get(url, { range: 'bytes=0-9' }, 'HEAD');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
  });

  it('refuses an expired signed URL with 403, and signs a fresh one', async () => {
    const url = await signed(fileUrl);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp).toBe(Math.floor(clock.now().getTime() / 1000) + SIGNED_FILE_URL_SECONDS);
    clock.advance(SIGNED_FILE_URL_SECONDS * 1000 - 1000);
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      status: STATUS.forbidden,
      message: 'This file link has expired. Reload the page to get a new one.',
    });
    expect((await get(await signed(url))).statusCode).toBe(200);
  });

  it('refuses a tampered signature, a moved expiry, another file and a half signature with 403', async () => {
    const url = await signed(fileUrl);
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const exp = Number(u.searchParams.get('exp'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const other = (await signed(platformUrl)).split('?')[1];
    const bad = [
      `${u.pathname}?exp=${exp}&sig=${flipped}`,
      `${u.pathname}?exp=${exp + 3600}&sig=${sig}`,
      `${u.pathname}?${other}`,
      `${u.pathname}?exp=${exp}`,
      `${u.pathname}?sig=${sig}`,
      `${u.pathname}?exp=soon&sig=${sig}`,
    ];
    for (const b of bad) {
      const res = await get(b);
      expect(res.statusCode, b).toBe(403);
      expect(res.json().message).toBe('This file link is not valid. Reload the page to get a new one.');
    }
    // A bearer does not rescue a bad signature: the signature is what the URL asks to be judged on.
    expect((await get(bad[0]!, bearer(demo))).statusCode).toBe(403);
  });

  it("lets any company's user read the platform's files, by bearer or signed URL", async () => {
    for (const token of [demo, acme]) {
      expect((await get(platformUrl, bearer(token))).statusCode).toBe(200);
      expect((await get(await signed(platformUrl, token))).statusCode).toBe(200);
    }
    expect((await get(platformUrl)).statusCode).toBe(401);
  });
});

describe('File/Sign', () => {
  it('signs a batch in order, from relative, absolute and already signed URLs', async () => {
    const old = await signed(fileUrl);
    const res = await sign(demo, [platformUrl, `http://console.test${fileUrl}`, old]);
    expect(res.statusCode).toBe(200);
    const { urls, exp } = res.json().data;
    expect(urls).toHaveLength(3);
    expect(urls[0].startsWith(`${platformUrl}?exp=${exp}&sig=`)).toBe(true);
    expect(urls[1].startsWith(`${fileUrl}?exp=${exp}&sig=`)).toBe(true);
    expect(urls[2]).toBe(urls[1]);
  });

  it("refuses another company's file with the same 404 as an unknown one, naming no owner", async () => {
    const foreign = await sign(acme, [platformUrl, fileUrl]);
    const unknownUrl = `/files/${randomUUID()}/x.png`;
    const unknown = await sign(acme, [platformUrl, unknownUrl]);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: STATUS.notFound, message: 'File not found.' });
    expect(foreign.json().data).toEqual({ urls: [fileUrl] });
    expect(unknown.json().data).toEqual({ urls: [unknownUrl] });
    expect(foreign.body).not.toContain('sig=');
  });

  it('needs a bearer, and takes only file URLs', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/File/Sign',
      payload: { urls: [fileUrl] },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await sign(demo, [fileUrl, 'https://example.com/a.png', 'blob:123']);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data.fields.map((f: { path: string }) => f.path)).toEqual(['urls.1', 'urls.2']);
    expect((await sign(demo, [])).statusCode).toBe(422);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/File/Sign'].post.tags).toEqual(['File']);
  });
});

describe('the signing key', () => {
  it('is made once in DATA_DIR and kept; FILE_URL_SECRET replaces it', async () => {
    const first = await loadFileUrlKey({ secret: undefined, dataDir: t.config.dataDir });
    expect(first.toString()).toBe((await readFile(join(t.config.dataDir, KEY_FILE), 'utf8')).trim());
    expect(await loadFileUrlKey({ secret: undefined, dataDir: t.config.dataDir })).toEqual(first);
    const secret = 'x'.repeat(40);
    expect((await loadFileUrlKey({ secret, dataDir: t.config.dataDir })).toString()).toBe(secret);
    expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('signs URLs that another process with the same FILE_URL_SECRET accepts', async () => {
    const env = { FILE_URL_SECRET: 'a-shared-secret-of-enough-characters-1234' };
    const one = await makeTestApp({ env, seed: false });
    const two = await makeTestApp({ env, seed: false });
    try {
      const url = one.app.fileUrls.sign('/files/f/x.png', 'f', 4_000_000_000);
      const [, query] = url.split('?');
      const q = new URLSearchParams(query);
      expect(two.app.fileUrls.check('f', q.get('exp')!, q.get('sig')!, new Date())).toBe('valid');
      expect(t.app.fileUrls.check('f', q.get('exp')!, q.get('sig')!, new Date())).toBe('invalid');
    } finally {
      await one.close();
      await two.close();
    }
  });
});
