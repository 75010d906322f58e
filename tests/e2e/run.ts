// Runs the browser tests: starts the real server (built console + API on a fresh embedded
// database with demo data) on a free loopback port, runs every tests/e2e/*.test.ts with Node's
// test runner in one shared Chromium, then stops the server and removes its data.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.ts';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(1);
}

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/SettingMaintenance/GetSettingMaintenanceMessage`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 60 s');
}

let code = 1;
let browser: BrowserServer | undefined;
try {
  // One Chromium for every test file; each test opens its contexts in it (browser.ts, openBrowser).
  browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  await waitForServer();
  const files = process.argv.slice(2).length ? process.argv.slice(2) : ['tests/e2e/**/*.test.ts'];
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: dataDir,
      E2E_BROWSER_WS: browser.wsEndpoint(),
    },
    stdio: 'inherit',
  });
  code = await new Promise<number>((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (err) {
  console.error(err);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r).once('error', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
