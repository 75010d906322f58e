// Server memory while a 300 MB file arrives through the resumable (tus) endpoint in 2 MiB
// PATCHes, as the console sends it; the server streams to disk, so RSS must stay flat.
import { rssMiB, startServer } from './server-process.ts';

const TOTAL = 300 * 1024 * 1024;
const SLICE = 2 * 1024 * 1024;
const server = await startServer();
const login = await fetch(`${server.url}/api/v1/Login/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'Admin@1234', remember: false }),
});
const { token } = ((await login.json()) as { data: { token: string } }).data;
const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

const created = await fetch(`${server.url}/api/v1/File/Tus/`, {
  method: 'POST',
  headers: {
    ...auth,
    'upload-length': String(TOTAL),
    'upload-metadata': `filename ${b64('big.pdf')},kind ${b64('file')}`,
  },
});
if (created.status !== 201) throw new Error(`create answered ${created.status}`);
const location = new URL(created.headers.get('location')!, server.url).toString();

const pid = server.child.pid!;
const before = rssMiB(pid);
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMiB(pid));
}, 50);
const slice = Buffer.alloc(SLICE, 0x20);
slice.write('%PDF-1.7\n', 0);
const t0 = performance.now();
let fileUrl = '';
for (let offset = 0; offset < TOTAL; offset += SLICE) {
  const body = offset === 0 ? slice : slice.fill(0x20, 0, 16);
  const res = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: body.subarray(0, Math.min(SLICE, TOTAL - offset)),
  });
  if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${await res.text()}`);
  fileUrl = res.headers.get('upload-file-url') ?? fileUrl;
}
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
console.log(
  `300 MB through tus in 2 MiB slices: ${seconds.toFixed(1)} s (${(300 / seconds).toFixed(0)} MB/s), file ${fileUrl}`,
);
console.log(
  `server RSS: ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during (+${(peak - before).toFixed(0)} MiB)`,
);
await server.stop();
