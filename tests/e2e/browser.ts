// Shared Chromium set-up for the browser tests: Debian's chromium through playwright-core,
// a fresh profile per context, and helpers to sign in and to cut the network for real.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport,
    baseURL: baseUrl,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

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
  await form.getByLabel('Company code').fill(companyCode);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
}

/** Offline for real: the page, its fetches and the service worker's own requests all fail. */
export async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
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
