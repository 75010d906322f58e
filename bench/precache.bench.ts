// What the service worker stores, when (issue 14): the precache of a first install before any use,
// what a first use adds (the English manual, then the large libraries after sign-in), what choosing
// Chinese adds (its fonts), and whether that language still renders with its font after an offline
// reload. Sizes are the stored (uncompressed) bytes of every cached answer.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/browser.ts';
import { startNetworkSwitch } from './network-switch.ts';
import { startServer } from './server-process.ts';
import { target } from './target.ts';

if (!existsSync('dist/index.html')) {
  console.error('Build the console first: npm run build');
  process.exit(1);
}

const server = await startServer();
/** The browser reaches the server through this, so going offline cuts the service worker too. */
const network = await startNetworkSwitch(server.url);
const profile = mkdtempSync(join(tmpdir(), 'console-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
  baseURL: network.url,
});
const page = context.pages()[0] ?? (await context.newPage());

/** Entries and stored bytes of each cache of the origin. */
const cached = (p: Page) =>
  p.evaluate(async () => {
    const out: Record<string, { entries: number; bytes: number }> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const keys = await cache.keys();
      for (const req of keys) bytes += (await (await cache.match(req))!.arrayBuffer()).byteLength;
      out[name] = { entries: keys.length, bytes };
    }
    return out;
  });
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MiB`;
/** `limitMiB`: the issue's target for the precache, on the line that has one. */
const line = (label: string, c: Awaited<ReturnType<typeof cached>>, limitMiB?: number) => {
  const pre = Object.entries(c).find(([n]) => n.startsWith('workbox-precache'))?.[1] ?? {
    entries: 0,
    bytes: 0,
  };
  const later = c['later-assets'] ?? { entries: 0, bytes: 0 };
  console.log(
    `${label}: precache ${pre.entries} entries, ${mib(pre.bytes)}; cached later ${later.entries} entries, ${mib(later.bytes)}${limitMiB === undefined ? '' : ` ${target(pre.bytes / 1024 / 1024 <= limitMiB, `precache at most ${limitMiB} MiB`)}`}`,
  );
};
/** The caches once `until` holds and nothing more was stored for 1.5 s (or after `ms`). */
const settle = async (p: Page, until: (c: Awaited<ReturnType<typeof cached>>) => boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  let last = '';
  for (;;) {
    const c = await cached(p);
    const now = JSON.stringify(c);
    if ((until(c) && now === last) || Date.now() > deadline) return c;
    last = now;
    await p.waitForTimeout(1500);
  }
};

await page.goto('/login?db_locale=en');
await page.getByTestId('login-form').waitFor();
await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
});
line('first install, before any use (at /login)', await settle(page, () => true), 2);

const form = page.getByTestId('login-form');
await form.getByLabel('Company code').fill('DEMO');
await form.getByLabel('Username').fill('admin');
await form.getByLabel(/^Password\*?$/).fill('Admin@1234');
await form.getByRole('button', { name: 'Sign in' }).click();
await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
line(
  'signed in, English, deferred libraries stored',
  await settle(page, (c) => (c['later-assets']?.entries ?? 0) >= 2, 20_000),
);

const before = (await cached(page))['later-assets']?.entries ?? 0;
await page.getByTestId('language-button').click();
await page.getByRole('button', { name: '中文', exact: true }).click();
await page.waitForFunction(() => document.documentElement.lang === 'zh');
line(
  'after choosing Chinese once',
  await settle(page, (c) => (c['later-assets']?.entries ?? 0) >= before + 90),
);

// Offline as a device is (network-switch.ts: not by intercepting requests, which turns off the
// code cache of the service worker's scripts).
await context.setOffline(true);
await network.cut();
await page.reload();
await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
const rendered = await page.evaluate(async () => {
  await document.fonts.load('16px "Noto Sans SC"', '课程测验');
  return document.fonts.check('16px "Noto Sans SC"', '课程测验');
});
console.log(
  `offline reload in Chinese renders with Noto Sans SC: ${rendered ? 'yes' : 'NO'} ${target(rendered, "each language's font cached at its first use")}`,
);

await context.close();
rmSync(profile, { recursive: true, force: true });
await network.close();
await server.stop();
if (!rendered) process.exit(1);
