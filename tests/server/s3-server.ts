import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type S3Request = { method: string; path: string; query: URLSearchParams; bytes: number };
export type TestS3 = Awaited<ReturnType<typeof startS3>>;

const BUCKET = 'console-test';

/**
 * A real S3-protocol server (s3rver) on loopback with its data in a temp folder, behind a proxy
 * that notes every request the app makes (to check part sizes). `env` configures the app.
 */
export async function startS3() {
  const dir = await mkdtemp(join(tmpdir(), 'lac-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = (await s3.run()) as AddressInfo;
  const requests: S3Request[] = [];
  const proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const seen: S3Request = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      bytes: 0,
    };
    requests.push(seen);
    req.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.length;
    });
    const upstream = request(
      { host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => res.destroy(err));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    dir,
    bucket: BUCKET,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    /** Sizes of the multipart parts S3 received, in order. */
    partSizes: () =>
      requests.filter((r) => r.method === 'PUT' && r.query.has('partNumber')).map((r) => r.bytes),
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
