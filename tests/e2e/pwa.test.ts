import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';

describe('installable, offline-capable shell', () => {
  let s: Session;
  before(async () => {
    // Chromium refuses to install from a throwaway (incognito) context.
    s = await openBrowser(undefined, { ownProcess: true });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
  });
  after(() => s.close());

  it('passes Chromium installability checks', async () => {
    const cdp = await s.context.newCDPSession(s.page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    assert.deepEqual(installabilityErrors, []);
    const manifest = await s.page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    assert.ok(
      manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable'),
      'no maskable icon',
    );
  });

  it('reloads to the signed-in shell with the network cut', async () => {
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
      await s.page.getByTestId('company-name').getByText('Demo Manufacturing Co., Ltd.').waitFor();
      // The built scripts come straight from Cache Storage by the worker's static route, without
      // its fetch handlers (sw/later-assets.ts: answerBuiltCodeFromCache).
      const sources = await s.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
          .map(
            (r) =>
              (r as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
          ),
      );
      assert.ok(sources.length > 5, `only ${sources.length} scripts loaded`);
      assert.deepEqual(new Set(sources), new Set(['cache']));
      // A deep link also opens offline through the navigation fallback.
      await s.page.goto('/inbox');
      await s.page.getByTestId('app-shell').waitFor();
    } finally {
      await goOnline(s.context);
    }
  });

  it("stores the language's manual and fonts on first use, not at install, and opens them offline", async () => {
    const stored = () =>
      s.page.evaluate(async () => {
        const cache = await caches.open('later-assets');
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
    const precached = await s.page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(
      !precached.some((p) => p.endsWith('.woff2') && !/noto-sans-latin-\d/.test(p)),
      'fonts precached',
    );
    assert.ok(!precached.some((p) => p.startsWith('/manual/') && p.endsWith('.html')), 'manual precached');
    assert.deepEqual(
      precached.filter((p) => /\/messages-\w+-/.test(p)).map((p) => /messages-(\w+)-/.exec(p)?.[1]),
      ['en'],
      'only the English catalog is precached',
    );
    const deadline = Date.now() + 20_000;
    while (!(await stored()).includes('/manual/en.html') && Date.now() < deadline)
      await s.page.waitForTimeout(200);
    assert.ok((await stored()).includes('/manual/en.html'), 'English manual not stored after first use');
    assert.ok(
      !(await stored()).some((p) => p.includes('noto-sans-thai')),
      'Thai fonts stored before Thai was used',
    );
    await goOffline(s.context);
    try {
      const manual = await s.context.newPage();
      await manual.goto('/manual/en.html');
      await manual.getByRole('heading', { name: 'Administrator manual' }).waitFor();
      await manual.close();
    } finally {
      await goOnline(s.context);
    }
  });

  it('opens offline in Chinese with the Chinese font, whose rules came with the language', async () => {
    // The manual's page was in front: this one draws no frames (and its menus do not close) until shown.
    await s.page.bringToFront();
    const precached = await s.page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(!precached.some((p) => p.includes('noto-sans-sc')), 'Chinese font rules precached');
    await s.page.getByTestId('language-button').click();
    await s.page.getByRole('button', { name: '中文', exact: true }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === 'zh');
    // The same request the console sends on a language's first use: it answers once all are stored.
    const failed = await s.page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      const channel = new MessageChannel();
      const answer = new Promise<number>((resolve) => {
        channel.port1.onmessage = (e) => resolve(Number(e.data.failed));
      });
      worker.postMessage({ type: 'CACHE_ASSETS', locale: 'zh' }, [channel.port2]);
      return answer;
    });
    assert.equal(failed, 0, 'Chinese files not stored');
    const stored = await s.page.evaluate(async () =>
      (await (await caches.open('later-assets')).keys()).map((r) => new URL(r.url).pathname),
    );
    assert.ok(
      stored.some((p) => /^\/assets\/noto-sans-sc-rules-[\w-]+\.css$/.test(p)),
      'the Chinese font rules were not stored with the language',
    );
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
      const rendered = await s.page.evaluate(async () => {
        await document.fonts.load('16px "Noto Sans SC"', '中文');
        return document.fonts.check('16px "Noto Sans SC"', '中文');
      });
      assert.ok(rendered, 'Noto Sans SC is not available offline in Chinese');
    } finally {
      await goOnline(s.context);
    }
    await s.page.getByTestId('language-button').click();
    await s.page.getByRole('button', { name: 'English', exact: true }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  it('starts offline in English when the chosen language was never stored on this device', async () => {
    await s.page.evaluate(() => localStorage.setItem('console.locale', 'my'));
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
      assert.equal(await s.page.evaluate(() => document.documentElement.lang), 'en');
    } finally {
      await s.page.evaluate(() => localStorage.setItem('console.locale', 'en'));
      await goOnline(s.context);
    }
  });

  it('never answers a missing asset with the shell', async () => {
    const res = await s.page.request.get('/assets/does-not-exist.js');
    assert.equal(res.status(), 404);
  });
});
