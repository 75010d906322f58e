// Shared Chromium set-up for the browser tests: Debian's chromium through playwright-core,
// a fresh profile per context, and helpers to sign in and to cut the network for real.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Download,
  type Page,
} from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

/**
 * Playwright's own `--disable-features` list, read from the installed playwright-core. Chromium keeps
 * only the last `--disable-features` on its command line, so a list of ours must carry Playwright's
 * too, or its features come back. Read rather than copied, so the two cannot drift apart; a
 * playwright-core whose bundle no longer reads this way fails every launch, loudly.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = join(
    dirname(createRequire(import.meta.url).resolve('playwright-core')),
    'lib/coreBundle.js',
  );
  const source = readFileSync(bundle, 'utf8');
  const start = source.indexOf('disabledFeatures = [');
  const end = source.indexOf('].filter(Boolean)', start);
  const names = [
    ...source
      .slice(start, end)
      .replace(/\/\/.*$/gm, '')
      .matchAll(/"(\w+)"/g),
  ].map((m) => m[1]!);
  if (start < 0 || end < 0 || !names.includes('DestroyProfileOnBrowserClose'))
    throw new Error(`cannot read Playwright's disabled Chromium features from ${bundle}`);
  return names;
}

/**
 * Chromium's new headless mode still builds the browser window's toolbar, and Chromium 156 starts
 * the omnibox popup's WebUI renderer with it: about 2.6 s of CPU at every launch on this 2-core
 * machine, beside the page under test, for a popup a headless browser never shows (a Chrome trace
 * of an offline start of a new browser process showed it; Puppeteer turns the same two features off
 * by default). The console's own code is unaffected.
 */
const DISABLED_FEATURES = [...playwrightDisabledFeatures(), 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Debian's Chromium, headless and quiet: no sandbox (root), no GPU, no QUIC, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export interface Session {
  context: BrowserContext;
  page: Page;
  /** The Chromium profile directory (IndexedDB, caches, the service worker live there); none for a
   * context of the shared browser, which keeps them in memory. */
  profileDir: string | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Reuse this profile directory (e.g. to relaunch the browser on the same device); the caller
   * owns it, so close() keeps it. Without it a fresh profile is made and removed on close().
   */
  profileDir?: string;
  /**
   * Start offline for real, from the first instant: Chromium sends everything to a dead proxy
   * (loopback included), so even a service worker woken at launch (a pending Background Sync)
   * cannot reach the server before the routes exist; then every request is aborted and the
   * network emulated offline. goOnline() lifts the routes and the emulation, not the proxy.
   */
  offline?: boolean;
  /**
   * A browser process of its own with a profile on disk, for what Chromium keeps out of the shared
   * browser's throwaway contexts (Push subscriptions, Background Sync, persistent storage).
   */
  ownProcess?: boolean;
}

/** A new empty profile directory the caller removes (see OpenOptions.profileDir). */
export const newProfileDir = () => mkdtempSync(join(tmpdir(), 'console-chromium-'));

/**
 * The browser tests' shared Chromium (tests/e2e/run.ts starts it and passes its address): a test
 * gets a new context in it, about 0.4 s, instead of a new browser process, about 1.8 s and a
 * second of CPU beside the page under test. Contexts are as isolated as profiles (storage, service
 * workers, cookies). Connected while a session is open, so a test file's process can end.
 */
const sharedBrowserAddress = process.env.E2E_BROWSER_WS;
let shared: { browser: Promise<Browser>; sessions: number } | undefined;

async function sharedContext(viewport: { width: number; height: number }, offline: boolean) {
  shared ??= { browser: chromium.connect(sharedBrowserAddress!), sessions: 0 };
  shared.sessions++;
  const connection = shared;
  const release = async () => {
    if (--connection.sessions > 0) return;
    if (shared === connection) shared = undefined;
    await (await connection.browser).close();
  };
  try {
    const context = await (await connection.browser).newContext({
      viewport,
      baseURL: baseUrl,
      ...(offline ? { proxy: { server: 'http://127.0.0.1:9', bypass: '<-loopback>' } } : {}),
    });
    return { context, release };
  } catch (err) {
    await release();
    throw err;
  }
}

export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  options: OpenOptions = {},
): Promise<Session> {
  const offline = options.offline ?? false;
  if (sharedBrowserAddress && !options.profileDir && !options.ownProcess) {
    const { context, release } = await sharedContext(viewport, offline);
    if (offline) await goOffline(context);
    const page = await context.newPage();
    return {
      context,
      page,
      profileDir: undefined,
      async close() {
        await context.close().catch(() => {});
        await release();
      },
    };
  }
  const profile = options.profileDir ?? newProfileDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: offline
      ? [...CHROMIUM_ARGS, '--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>']
      : CHROMIUM_ARGS,
    viewport,
    baseURL: baseUrl,
  });
  if (offline) await goOffline(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    profileDir: profile,
    async close() {
      await context.close();
      if (!options.profileDir) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A download's bytes; read as a stream, since the shared browser's files are not at a local path. */
export const downloadedBytes = async (download: Download) => buffer(await download.createReadStream());

/** Signs in from /login; `locale` pins the console language (demo users have their own). */
export async function signIn(
  page: Page,
  companyCode: string,
  username: string,
  password: string,
  locale = 'en',
) {
  await page.goto(`/login?db_locale=${locale}`);
  const form = page.getByTestId('login-form');
  if (locale === 'en') {
    await form.getByLabel('Company code').fill(companyCode);
    await form.getByLabel('Username').fill(username);
    await form.getByLabel(/^Password\*?$/).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  } else {
    // Labels are in that language: find the fields by what they are for.
    await form.locator('input[autocomplete=organization]').fill(companyCode);
    await form.locator('input[autocomplete=username]').fill(username);
    await form.locator('input[autocomplete=current-password]').fill(password);
    await form.locator('button[type=submit]').click();
  }
  await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
}

/** Offline for real: the page, its fetches and the service worker's own requests all fail. */
export async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  offlineContexts.add(context);
  for (const page of context.pages()) keepOfflineOnNavigation(page);
  context.on('page', keepOfflineOnNavigation);
}

export async function goOnline(context: BrowserContext) {
  offlineContexts.delete(context);
  context.off('page', keepOfflineOnNavigation);
  for (const page of context.pages()) {
    const session = pageSessions.get(page);
    if (session) await emulateOffline(session, false).catch(() => {});
  }
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/*
 * Chromium 150 (Debian's package since this machine's last install) loses the offline emulation
 * Playwright's setOffline sets when a document loads after it: after a reload, or in a page that
 * navigates once offline, navigator.onLine is true again (the requests stay cut by the route). So
 * while its context is offline, a page gets the emulation again from its own DevTools session at
 * each navigation of its main frame, and its 'offline' event fires as on a device that lost its
 * network.
 */
const offlineContexts = new WeakSet<BrowserContext>();
const hookedPages = new WeakSet<Page>();
const pageSessions = new WeakMap<Page, CDPSession>();

const emulateOffline = (session: CDPSession, offline: boolean) =>
  session.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

function keepOfflineOnNavigation(page: Page) {
  if (hookedPages.has(page)) return;
  hookedPages.add(page);
  page.on('framenavigated', (frame) => {
    const context = page.context();
    if (frame !== page.mainFrame() || !offlineContexts.has(context)) return;
    void (async () => {
      let session = pageSessions.get(page);
      if (!session) {
        session = await context.newCDPSession(page);
        pageSessions.set(page, session);
      }
      if (offlineContexts.has(context)) await emulateOffline(session, true);
    })().catch(() => {}); // the page closed meanwhile
  });
}

export async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

/** Calls the API directly (as another client would), outside the browser. */
export async function apiToken(companyCode: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/api/v1/Login/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyCode, username, password, remember: false }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

export async function apiPost<T = unknown>(token: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { httpStatus: res.status, ...((await res.json()) as { status: number; message: string; data: T }) };
}

/**
 * Waits for a toast saying `text`, then dismisses every toast. A toast pauses while the pointer
 * is over it, so one left sitting over a row's buttons would stop the next click for good.
 */
export async function expectToast(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
  const toasts = page.getByTestId('toast');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    await toasts
      .first()
      .getByRole('button', { name: 'Dismiss notification' })
      .click({ timeout: 5_000 })
      .catch(() => {}); // it may have closed on its own meanwhile
    await page.waitForFunction(
      (before) => document.querySelectorAll('[data-testid="toast"]').length < before,
      n,
      { timeout: 5_000 },
    );
  }
}
