// 10,000-row user import, the write side (issue 4): from "Import" to the report, in the built
// console in Chromium against the real server. Every valid row becomes a local User row plus its
// outbox entry (one IndexedDB transaction per 200-row chunk). Pushes to the server are held back
// meanwhile, so the figure is the device's own work; the longest main-thread stall says whether
// the page stayed responsive.
// npm run build && node bench/user-import-write.bench.ts
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { chromium } from 'playwright-core';
import { IMPORT_COLUMNS } from '../src/features/user-import/import-columns.ts';
import { CHROMIUM_ARGS, signIn } from '../tests/e2e/browser.ts';
import { localCount } from '../tests/e2e/resource-ui.ts';
import { startServer } from './server-process.ts';

const ROWS = 10_000;
const BUDGET_MS = 10_000;

if (
  !existsSync(join(process.env.DIST_DIR ?? 'dist', 'index.html')) ||
  !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')
) {
  console.log('user-import-write: skipped (build the console and install chromium for this figure)');
  process.exit(0);
}

const aoa: string[][] = [IMPORT_COLUMNS.map((c) => c.header)];
const stamp = Date.now().toString(36);
for (let n = 1; n <= ROWS; n++) {
  const phone = `08${String(n).padStart(8, '0')}`;
  const row = [`W${stamp}-${n}`, 'Mr.', `First${n}`, `Last${n}`, `w${n}@example.com`, phone];
  aoa.push([...row, `w${stamp}${n}`, 'Secret123', 'male', 'Production', 'Employee']);
}
const book = utils.book_new();
utils.book_append_sheet(book, utils.aoa_to_sheet(aoa), 'Users');
const bytes = Buffer.from(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);

const server = await startServer();
const profile = mkdtempSync(join(tmpdir(), 'bench-import-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
  baseURL: server.url,
  viewport: { width: 1280, height: 800 },
});
let code = 0;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, 'DEMO', 'admin', 'Admin@1234');
  await page.goto('/user-management/import');
  await page.getByTestId('user-import').waitFor();
  // Roles and departments must be on the device before the preview can name them.
  const deadline = Date.now() + 30_000;
  while ((await localCount(page, 'Department')) <= 0) {
    if (Date.now() > deadline) throw new Error('departments never reached the device');
    await page.waitForTimeout(200);
  }
  await context.route('**/api/v6/Sync/Push', (route) => route.abort('internetdisconnected'));

  await page.getByTestId('import-file').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  const valid = await page.getByTestId('import-valid-count').textContent({ timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __stall: number; __probe: number };
    w.__stall = 0;
    let last = performance.now();
    w.__probe = window.setInterval(() => {
      const now = performance.now();
      w.__stall = Math.max(w.__stall, now - last);
      last = now;
    }, 10);
  });
  const t0 = performance.now();
  await page.getByTestId('import-confirm').click();
  const added = await page.getByTestId('import-added').textContent({ timeout: 300_000 });
  const ms = performance.now() - t0;
  const stall = await page.evaluate(() => {
    const w = window as unknown as { __stall: number; __probe: number };
    clearInterval(w.__probe);
    return w.__stall;
  });
  console.log(`preview: ${valid} users will be added`);
  console.log(
    `import of ${ROWS} rows into IndexedDB + outbox: ${(ms / 1000).toFixed(1)} s (${(ms / ROWS).toFixed(2)} ms/row)`,
  );
  console.log(`report: ${added?.trim()}`);
  console.log(`longest main-thread stall meanwhile: ${stall.toFixed(0)} ms`);
  if (ms > BUDGET_MS) {
    console.error(`over the ${BUDGET_MS / 1000} s budget`);
    code = 1;
  }
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await context.close();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(code);
