// Durability of local work in a real browser: the service worker drains the outbox after the tabs
// closed (Background Sync), an offline cold start shows cached lists and the pending outbox, a
// full device is reported with nothing half-written, and persistent storage is requested.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CDPSession, Page } from 'playwright-core';
import {
  apiToken,
  baseUrl,
  expectToast,
  goOffline,
  goOnline,
  newProfileDir,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import {
  addFaq,
  FAQ_PATH,
  localCount,
  outboxCount,
  serverFaqs,
  unique,
  waitForOutbox,
} from './resource-ui.ts';

const origin = new URL(baseUrl).origin;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const localFaqCount = (page: Page) => localCount(page, 'Faq');

async function waitForServerFaq(token: string, question: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = (await serverFaqs(token, question)).filter((r) => r.question === question);
    if (rows.length) return rows;
    await sleep(250);
  }
  throw new Error(`"${question}" did not reach the server within ${timeoutMs} ms`);
}

/** Records every navigator.storage.persist() call of the page, before the console's code runs. */
function recordPersistCalls() {
  const storage = navigator.storage;
  const original = storage.persist.bind(storage);
  const calls: boolean[] = [];
  Object.defineProperty(window, '__persistCalls', { value: calls });
  storage.persist = async () => {
    const granted = await original();
    calls.push(granted);
    return granted;
  };
}

/**
 * Chromium lets each storage bucket spend a cached allowance for up to 30 s before it asks the
 * quota manager again (content/browser/indexed_db BucketContext::kBucketSpaceCacheTimeLimit), so
 * a new quota only bites once a write exceeds that allowance. The session therefore starts under
 * a modest quota (small allowance), and the test fills past it in a scratch database: its write
 * is refused and the bucket now knows the device is full. Values stay under 64 KB each, as bigger
 * ones are stored as blobs that this check does not count.
 */
const MODEST_QUOTA = 16 * 1024 * 1024;
function fillPastAllowance(page: Page) {
  return page.evaluate(
    async (bytes) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('e2e-quota-filler', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('filler');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        return await new Promise<string>((resolve) => {
          const tx = db.transaction('filler', 'readwrite');
          const chunk = 'x'.repeat(60_000);
          for (let i = 0; i * chunk.length < bytes; i++) tx.objectStore('filler').put(chunk, i);
          tx.oncomplete = () => resolve('written');
          tx.onabort = () => resolve(tx.error?.name ?? 'aborted');
        });
      } finally {
        db.close();
        indexedDB.deleteDatabase('e2e-quota-filler');
      }
    },
    MODEST_QUOTA + 2 * 1024 * 1024,
  );
}

describe('durability of local work', () => {
  let s: Session;
  let token: string;
  let storage: CDPSession;
  before(async () => {
    token = await apiToken('DEMO', 'admin', 'Admin@1234');
    s = await openBrowser(undefined, { ownProcess: true });
    await s.context.addInitScript(recordPersistCalls);
    storage = await s.context.newCDPSession(s.page);
    await storage.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: MODEST_QUOTA });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(FAQ_PATH);
    await s.page.getByRole('button', { name: 'Add', exact: true }).waitFor();
  });
  after(async () => {
    await storage.send('Storage.overrideQuotaForOrigin', { origin }).catch(() => {});
    await storage.detach().catch(() => {});
    await s.close();
  });

  it('requests persistent storage', async () => {
    const calls = await s.page.waitForFunction(
      () => (window as unknown as { __persistCalls: boolean[] }).__persistCalls.length > 0 || null,
      undefined,
      { timeout: 10_000 },
    );
    assert.ok(await calls.jsonValue(), 'the console never called navigator.storage.persist()');
    const persisted = await s.page.evaluate(() => navigator.storage.persisted());
    const granted = await s.page.evaluate(
      () => (window as unknown as { __persistCalls: boolean[] }).__persistCalls,
    );
    // Headless Chromium may deny it; what the browser answered is what persisted() says now.
    assert.equal(persisted, granted.at(-1));
  });

  it('a full device is reported and nothing is half-written', async () => {
    await waitForOutbox(s.page, 0);
    const outboxBefore = await outboxCount(s.page);
    const rowsBefore = await localFaqCount(s.page);
    const q = unique('Is there room?');
    await storage.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    try {
      assert.equal(await fillPastAllowance(s.page), 'QuotaExceededError', 'the device is not full yet');
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = s.page.getByRole('dialog');
      await form.getByLabel('Question').fill(q);
      await form.getByLabel('Answer').fill('No.');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form
        .getByRole('alert')
        .filter({
          hasText: 'This device has no room left to save this change. Free some space and try again.',
        })
        .waitFor({ timeout: 10_000 });
      assert.equal(await s.page.getByText('FAQ added successfully.').count(), 0, 'the form said saved');
      assert.equal(await outboxCount(s.page), outboxBefore, 'an outbox entry was written');
      assert.equal(await localFaqCount(s.page), rowsBefore, 'a FAQ row was written');
    } finally {
      await storage.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: MODEST_QUOTA });
    }
    // With room again the same form saves: the failure left nothing in the way.
    await s.page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(s.page, 'FAQ added successfully.');
    await waitForOutbox(s.page, 0);
    assert.equal(await localFaqCount(s.page), rowsBefore + 1);
    assert.equal((await serverFaqs(token, q)).length, 1);
  });

  it('drains the outbox from the service worker after the tabs closed (Background Sync)', async () => {
    const q = unique('Who waters the plants?');
    const cdp = await s.context.newCDPSession(s.page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    try {
      await goOffline(s.context);
      try {
        await addFaq(s.page, q, 'The service worker, apparently.');
        await waitForOutbox(s.page, 1);
        // No console tab left: nothing but the service worker can send it now.
        await s.page.goto('about:blank');
        assert.equal((await serverFaqs(token, q)).length, 0, 'the FAQ reached the server while offline');
      } finally {
        await goOnline(s.context);
      }
      const registration = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      assert.ok(registration, 'no service worker registration for the console');
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: registration.registrationId,
        tag: 'outbox',
        lastChance: false,
      });
      const rows = await waitForServerFaq(token, q);
      assert.equal(rows.length, 1);
      await sleep(1_500);
      assert.equal((await serverFaqs(token, q)).length, 1, 'the FAQ was sent more than once');
    } finally {
      await cdp.detach().catch(() => {});
    }
    // The console sees the outbox empty when it opens again.
    await s.page.goto(FAQ_PATH);
    await waitForOutbox(s.page, 0);
  });
});

describe('offline cold start', () => {
  const profileDir = newProfileDir();
  let s: Session | undefined;
  after(async () => {
    await s?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('shows the cached list and the pending outbox', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const synced = unique('Where do I park bikes?');
    const pending = unique('When does the library open?');
    s = await openBrowser(undefined, { profileDir });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(FAQ_PATH);
    await addFaq(s.page, synced, 'Behind building C.');
    await waitForOutbox(s.page, 0);
    assert.equal((await serverFaqs(token, synced)).length, 1);
    const rowsSynced = await localFaqCount(s.page);
    await goOffline(s.context);
    await addFaq(s.page, pending, 'From 8 to 17.');
    await waitForOutbox(s.page, 1);
    await s.close();
    s = undefined;

    // Same device, browser relaunched with no network at all.
    s = await openBrowser(undefined, { profileDir, offline: true });
    await s.page.goto(FAQ_PATH);
    await s.page.getByTestId('app-shell').waitFor({ timeout: 15_000 });
    await s.page.getByText(synced).first().waitFor();
    await s.page.getByText(pending).first().waitFor();
    assert.equal(await localFaqCount(s.page), rowsSynced + 1);
    await waitForOutbox(s.page, 1);
    await s.page
      .getByRole('button', { name: /^Sync status: Offline, .*1 change not synced yet/ })
      .waitFor({ timeout: 10_000 });
    assert.equal(await s.page.getByTestId('sync-pending-count').textContent(), '1');
    assert.equal((await serverFaqs(token, pending)).length, 0, 'nothing left the device');
  });
});
