// The README's scale-out: two API processes on one PostgreSQL with files in one S3 bucket. An
// upload begun through one process, cut mid-PATCH, is resumed and finished through the other.
// Needs a real PostgreSQL (PGlite is one process), so it runs when DATABASE_URL is set, as in CI.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOfSize } from '../fixtures/png.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { download, SLICE, signIn, tusClient } from './tus-http.ts';

const MB = 1024 * 1024;
const databaseUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type ApiProcess = { base: string; child: ChildProcessWithoutNullStreams; stop: () => Promise<void> };

/** `node server/main.ts` on a free port; resolves once it says it is listening. */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'lac-proc-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`the API exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, child, stop };
}

/** A small upload through `base`, and its URL signed by that same process. */
async function signedUpload(base: string, token: string) {
  const bytes = pngOfSize(5000);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/api/v1/File/${path}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const uploaded = await post('UploadFileStringBase', {
    base64: bytes.toString('base64'),
    fileName: 'a.png',
  });
  const signed = await post('Sign', { urls: [uploaded.url] });
  return { url: (signed.urls as string[])[0] as string, bytes };
}

describe.skipIf(!databaseUrl)('two API processes on one PostgreSQL and one S3 bucket', () => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  let s3: TestS3;
  let env: Record<string, string>;
  const processes: ApiProcess[] = [];

  const leaseHeld = async (id: string) => {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('SELECT locked_until FROM tus_uploads WHERE id = $1', [id]);
    await client.end();
    return rows[0]?.locked_until != null;
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    s3 = await startS3();
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl as string);
    url.pathname = `/${name}`;
    env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      NODE_ENV: 'development',
      // Each process has its own DATA_DIR: signed file URLs work on both only with a shared key.
      FILE_URL_SECRET: randomBytes(32).toString('base64url'),
    };
  }, 60_000);
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await s3?.close();
  });

  it('resumes through the second process an upload cut on the first, which is then gone', async () => {
    // The first start migrates and seeds; the second finds both done.
    const first = await startApi(env);
    processes.push(first);
    const second = await startApi(env);
    processes.push(second);

    const token = await signIn(first.base);
    const client = tusClient(token);
    const signedOnFirst = await signedUpload(first.base, token);
    const file = pngOfSize(7 * MB + 4321);
    const url = await client.create(first.base, file.length, 'line-3 walkthrough.png');
    expect((await client.patch(first.base, url, 0, file.subarray(0, SLICE))).status).toBe(204);
    await client.cutPatch(
      first.base,
      url,
      SLICE,
      file.subarray(SLICE, 2 * SLICE),
      MB,
      () => new Promise((r) => setTimeout(r, 300)),
    );
    // What the cut PATCH delivered is saved and its lease released before the first process dies
    // (the offset is saved before the lease is released, so wait for the release itself).
    const id = url.split('/').pop();
    let held = true;
    for (let i = 0; i < 200 && held; i++) {
      await new Promise((r) => setTimeout(r, 50));
      held = await leaseHeld(id as string);
    }
    expect(held).toBe(false);
    const offset = await client.offset(first.base, url);
    expect(offset).toBeGreaterThan(SLICE);
    await first.stop();

    expect(await client.offset(second.base, url)).toBe(offset);
    const fileUrl = await client.finish(second.base, url, file);
    const served = await download(second.base, token, fileUrl);
    expect(served.res.status).toBe(200);
    expect(served.bytes.equals(file)).toBe(true);
    // A URL signed by the first process opens through the second (no bearer, a byte range).
    const ranged = await fetch(`${second.base}${signedOnFirst.url}`, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(signedOnFirst.bytes.subarray(0, 8))).toBe(true);
  }, 180_000);
});
