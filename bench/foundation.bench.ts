// Foundation figures: server start to listening on a fresh database (migrations and demo seed
// included), idle RSS, the gzipped JavaScript a browser downloads to render /login, and a restart
// of the server on the data folder it made.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/browser.ts';
import { median } from './median.ts';
import { rssMiB, startServer } from './server-process.ts';
import { target } from './target.ts';

if (!existsSync('dist/index.html')) {
  console.error('Build the console first: npm run build');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
const server = await startServer({}, { dataDir });
console.log(`server start to listening, fresh database with seeding: ${server.startMs.toFixed(0)} ms`);
await new Promise((r) => setTimeout(r, 5000));
// Every process of the server counts: main.ts and any child it still has (the child that creates
// a new database exits before the server listens; if one were still there, it would be added).
const serverPids = processTree(server.child.pid!);
const rss = serverPids.reduce((sum, pid) => sum + rssMiB(pid), 0);
console.log(
  `server RSS at idle (5 s after start): ${rss.toFixed(1)} MiB (${serverPids.length} process${serverPids.length > 1 ? 'es' : ''}) ${target(rss <= 400, 'at most 400 MiB')}`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
const js = new Map<string, number>();
page.on('response', async (res) => {
  if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) {
    try {
      js.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {}
  }
});
const t0 = performance.now();
await page.goto(`${server.url}/login`);
await page.getByTestId('login-form').waitFor();
const paint = performance.now() - t0;
await page.waitForLoadState('networkidle');
const total = [...js.values()].reduce((a, b) => a + b, 0);
console.log(`/login first render (cold cache): ${paint.toFixed(0)} ms`);
console.log(
  `JS needed to render /login: ${js.size} files, ${(total / 1024).toFixed(1)} KiB gzip ${target(total / 1024 <= 150, 'at most 150 KiB')}`,
);
await browser.close();

// Restarts on the same folder, each after a clean stop (as `./run start` is stopped and started).
const RESTARTS = 5;
await server.stop();
const restarts: number[] = [];
for (let i = 0; i < RESTARTS; i++) {
  const again = await startServer({}, { dataDir });
  restarts.push(again.startMs);
  await again.stop();
}
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `server restart on an existing data folder, to listening: median ${median(restarts).toFixed(0)} ms (${restarts.map((ms) => ms.toFixed(0)).join(', ')})`,
);

/** `pid` and its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(name));
  }
  return [pid, ...children.flatMap(processTree)];
}
