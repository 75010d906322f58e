// A tus client over real HTTP for the storage and scale-out tests: what the console sends
// (2 MiB slices, HEAD before a resume), plus a PATCH cut in the middle of its body.
import { request } from 'node:http';
import { LEASE_SECONDS } from '../../server/services/tus-lease.ts';

export const SLICE = 2 * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

export async function signIn(
  base: string,
  companyCode = 'DEMO',
  username = 'admin',
  password = 'Admin@1234',
) {
  const res = await fetch(`${base}/api/v1/Login/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyCode, username, password, remember: false }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token as string;
}

export function tusClient(token: string) {
  const auth = { authorization: `Bearer ${token}`, ...TUS };
  return {
    async create(base: string, length: number, fileName = 'big.png', kind = 'file') {
      const res = await fetch(`${base}/api/v1/File/Tus/`, {
        method: 'POST',
        headers: {
          ...auth,
          'upload-length': String(length),
          'upload-metadata': `filename ${b64(fileName)},kind ${b64(kind)}`,
        },
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      return res.headers.get('location') as string;
    },
    head: (base: string, path: string) => fetch(`${base}${path}`, { method: 'HEAD', headers: auth }),
    async offset(base: string, path: string) {
      const res = await fetch(`${base}${path}`, { method: 'HEAD', headers: auth });
      if (res.status !== 200) throw new Error(`HEAD answered ${res.status}`);
      return Number(res.headers.get('upload-offset'));
    },
    patch: (base: string, path: string, offset: number, body: Buffer) =>
      fetch(`${base}${path}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      }),
    /**
     * A PATCH whose body the test sends bit by bit: `send` more bytes, `end` for the answer, or
     * `cut` the connection as a lost network would.
     */
    open(base: string, path: string, offset: number, length: number) {
      const req = request(`${base}${path}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(length),
        },
      });
      const answer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
        req.on('error', reject);
        req.on('response', (res) => {
          res.resume();
          resolve({
            status: res.statusCode ?? 0,
            offset: res.headers['upload-offset'] as string | undefined,
          });
        });
      });
      answer.catch(() => {});
      return {
        send: (bytes: Buffer) => new Promise<void>((resolve) => req.write(bytes, () => resolve())),
        end: () => {
          req.end();
          return answer;
        },
        cut: () => {
          req.destroy();
        },
      };
    },
    /** Sends the first `sent` bytes of `body`, waits for `whileOpen`, then cuts the connection. */
    async cutPatch(
      base: string,
      path: string,
      offset: number,
      body: Buffer,
      sent: number,
      whileOpen = async () => {},
    ) {
      const patch = this.open(base, path, offset, body.length);
      await patch.send(body.subarray(0, sent));
      try {
        await whileOpen();
      } finally {
        patch.cut();
      }
    },
    /**
     * Like the console: HEAD, then slices from the server's offset; 423 waits, 409 asks again.
     * Gives up after a lease's lifetime and more (a lease whose holder died is free after it).
     */
    async finish(base: string, path: string, file: Buffer, slice = SLICE) {
      const deadline = Date.now() + (LEASE_SECONDS + 15) * 1000;
      while (Date.now() < deadline) {
        const head = await fetch(`${base}${path}`, { method: 'HEAD', headers: auth });
        const fileUrl = head.headers.get('upload-file-url');
        if (fileUrl) return fileUrl;
        const at = Number(head.headers.get('upload-offset'));
        const res = await this.patch(base, path, at, file.subarray(at, Math.min(at + slice, file.length)));
        if (res.status === 423) await new Promise((r) => setTimeout(r, 100));
        else if (res.status !== 204 && res.status !== 409)
          throw new Error(`PATCH at ${at} answered ${res.status}: ${await res.text()}`);
      }
      throw new Error('the upload never finished');
    },
  };
}

/** An uploaded file as its company's user reads it (files are not public: routes/file-serve.ts). */
export async function download(
  base: string,
  token: string,
  fileUrl: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${fileUrl}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
