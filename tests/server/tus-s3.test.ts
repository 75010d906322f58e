import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { MIN_PART_BYTES } from '../../server/lib/s3-parts.ts';
import { pngOfSize } from '../fixtures/png.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { download, SLICE, signIn, tusClient } from './tus-http.ts';

const MB = 1024 * 1024;
let s3: TestS3;
let t: TestApp;
let base: string;
let client: ReturnType<typeof tusClient>;
let admin: string;

beforeAll(async () => {
  s3 = await startS3();
  t = await makeTestApp({ env: s3.env });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signIn(base);
  client = tusClient(admin);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Every object key s3rver holds under `prefix` (its files end in ._S3rver_object). */
async function objectsUnder(prefix: string) {
  const root = join(s3.dir, s3.bucket, prefix);
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('._S3rver_object'));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await sleep(25);
};

describe('tus uploads on the S3 store', () => {
  it('creates, takes 2 MiB slices, resumes after a cut mid-PATCH, completes and serves ranges', async () => {
    expect(t.app.fileStore.kind).toBe('s3');
    const file = pngOfSize(12 * MB + 12_345);
    const url = await client.create(base, file.length, 'ภาพ big.png');
    expect((await client.patch(base, url, 0, file.subarray(0, SLICE))).status).toBe(204);
    expect(await client.offset(base, url)).toBe(SLICE);
    // The second slice is cut after 1 MiB: what arrived is kept, though far from a 5 MiB part.
    await client.cutPatch(base, url, SLICE, file.subarray(SLICE, 2 * SLICE), MB, () => sleep(300));
    await waitFor(async () => (await client.offset(base, url)) > SLICE);
    const resumed = await client.offset(base, url);
    expect(resumed).toBeGreaterThan(SLICE);
    expect(resumed).toBeLessThanOrEqual(SLICE + MB);

    const fileUrl = await client.finish(base, url, file);
    expect(fileUrl).toMatch(/^\/files\/[0-9a-f-]{36}\/%E0%B8%A0/);
    const sizes = s3.partSizes();
    expect(sizes.slice(0, -1).every((size) => size >= MIN_PART_BYTES)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(file.length);
    expect(await objectsUnder('tus')).toEqual([]);

    const whole = await download(base, admin, fileUrl);
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(file)).toBe(true);
    const middle = await download(base, admin, fileUrl, { range: 'bytes=5000000-5999999' });
    expect(middle.res.status).toBe(206);
    expect(middle.res.headers.get('content-range')).toBe(`bytes 5000000-5999999/${file.length}`);
    expect(middle.bytes.equals(file.subarray(5_000_000, 6_000_000))).toBe(true);
    const end = await download(base, admin, fileUrl, { range: 'bytes=-100' });
    expect(end.bytes.equals(file.subarray(-100))).toBe(true);
    const outside = await download(base, admin, fileUrl, { range: `bytes=${file.length}-` });
    expect(outside.res.status).toBe(416);
    expect(outside.res.headers.get('content-range')).toBe(`bytes */${file.length}`);
    const head = await fetch(`${base}${fileUrl}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(head.headers.get('content-length')).toBe(String(file.length));
  });

  it('refuses a fake PNG on completion with 415 and deletes its object', async () => {
    const fake = Buffer.from('MZ this is not an image at all, whatever its name says');
    const url = await client.create(base, fake.length, 'evil.png', 'banner');
    const res = await client.patch(base, url, 0, fake);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { status: number }).status).toBe(STATUS.unsupportedType);
    expect((await client.head(base, url)).status).toBe(404);
    expect(await objectsUnder('files')).not.toContainEqual(
      expect.stringContaining(url.split('/').pop() as string),
    );
  });

  it('stores the other uploads in the bucket too, a large one in parts of at least 5 MiB', async () => {
    const token = await signIn(base);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * MB, 0x20)]);
    const form = new FormData();
    form.append('file', new Blob([pdf]), 'report.pdf');
    const before = s3.partSizes().length;
    const res = await fetch(`${base}/api/v1/File/UploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string; size: number } };
    expect(data.size).toBe(pdf.length);
    const sizes = s3.partSizes().slice(before);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.slice(0, -1).every((size) => size >= MIN_PART_BYTES)).toBe(true);
    expect((await download(base, token, data.url)).bytes.equals(pdf)).toBe(true);
  });
});
