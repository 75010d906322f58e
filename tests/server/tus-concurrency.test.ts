import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { tusUploads } from '../../server/db/schema.ts';
import { pngOfSize } from '../fixtures/png.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { download, SLICE, signIn, tusClient } from './tus-http.ts';

const KiB = 1024;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.each(['local', 's3'] as const)('two PATCHes of one upload (%s store)', (store) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let base: string;
  let client: ReturnType<typeof tusClient>;
  let admin: string;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3() : undefined;
    t = await makeTestApp({ env: s3?.env });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn(base);
    client = tusClient(admin);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const idOf = (url: string) => url.split('/').pop() as string;
  const lease = async (url: string) =>
    (
      await t.app.db
        .select()
        .from(tusUploads)
        .where(eq(tusUploads.id, idOf(url)))
    )[0]?.lockOwner;
  const setLease = (url: string, until: string) =>
    t.app.db
      .update(tusUploads)
      .set({ lockOwner: 'a-process-that-died', lockedUntil: sql.raw(`now() + interval '${until}'`) })
      .where(eq(tusUploads.id, idOf(url)));

  it('refuses a PATCH with 423 while another streams into the upload, and keeps the bytes in order', async () => {
    expect(t.app.fileStore.kind).toBe(store);
    const file = pngOfSize(3 * SLICE + 777);
    const url = await client.create(base, file.length);
    const first = client.open(base, url, 0, SLICE);
    await first.send(file.subarray(0, 256 * KiB));
    for (let i = 0; i < 200 && !(await lease(url)); i++) await sleep(10);
    expect(await lease(url)).toBeTruthy();

    const same = await client.patch(base, url, 0, file.subarray(0, SLICE));
    expect(same.status).toBe(423);
    expect(same.headers.get('tus-resumable')).toBe('1.0.0');
    expect(((await same.json()) as { status: number }).status).toBe(STATUS.conflict);
    const other = await client.patch(base, url, 0, Buffer.alloc(SLICE, 0xee));
    expect(other.status).toBe(423);

    await first.send(file.subarray(256 * KiB, SLICE));
    expect(await first.end()).toEqual({ status: 204, offset: String(SLICE) });
    expect(await lease(url)).toBeNull();
    const late = await client.patch(base, url, 0, file.subarray(0, SLICE));
    expect(late.status).toBe(409);
    expect(late.headers.get('upload-offset')).toBe(String(SLICE));

    const fileUrl = await client.finish(base, url, file);
    expect((await download(base, admin, fileUrl)).bytes.equals(file)).toBe(true);
  });

  it('takes one of six simultaneous PATCHes of the same slice and refuses the others', async () => {
    const file = pngOfSize(SLICE + 4321);
    const url = await client.create(base, file.length);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.patch(base, url, 0, file.subarray(0, SLICE))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.every((s) => s === 204 || s === 409 || s === 423)).toBe(true);
    expect(await client.offset(base, url)).toBe(SLICE);
    const fileUrl = await client.finish(base, url, file);
    expect((await download(base, admin, fileUrl)).bytes.equals(file)).toBe(true);
  });

  it('waits out a lease left by a dead process, then takes it over once expired', async () => {
    const file = pngOfSize(100 * KiB);
    const url = await client.create(base, file.length);
    await setLease(url, '1 hour');
    expect((await client.patch(base, url, 0, file)).status).toBe(423);
    await setLease(url, '-1 second');
    const taken = await client.patch(base, url, 0, file);
    expect(taken.status).toBe(204);
    expect(taken.headers.get('upload-file-url')).toMatch(/^\/files\//);
  });
});
