import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  downloadedBytes,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, unique, waitForOutbox } from './resource-ui.ts';

const PATH = '/home/DeepLink';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function addLink(page: Page, label: string, topic: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Kind of content\*?$/).selectOption('Topic');
  await form.getByLabel(/^Content\*?$/).selectOption({ label: topic });
  await form.getByLabel(/^Label\*?$/).fill(label);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Deep link added successfully.');
}

/** The code of the link labelled `label`, from the console's own IndexedDB. */
async function codeOf(page: Page, label: string) {
  const rows = await localRows(page, 'DeepLink', ['title', 'code', 'clicks']);
  const row = rows.find((r) => r.title === label);
  assert.ok(row, `no local deep link labelled ${label}`);
  return String(row.code);
}

/** Opens the link's QR dialog and decodes the drawn QR code (what a phone camera would read). */
async function readQr(page: Page, code: string) {
  await page
    .getByRole('button', { name: `Show the QR code of ${code}` })
    .first()
    .click();
  const dialog = page.getByTestId('deep-link-qr-dialog');
  const img = dialog.getByTestId('deep-link-qr');
  await img.waitFor({ state: 'visible' });
  const size = 400;
  const pixels = await img.evaluate(async (el: HTMLImageElement, size) => {
    await el.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(el, 0, 0, size, size);
    return Array.from(ctx.getImageData(0, 0, size, size).data);
  }, size);
  const decoded = jsQR(Uint8ClampedArray.from(pixels), size, size);
  assert.ok(decoded, 'the QR code could not be read');
  return { dialog, text: decoded.data };
}

const clicksOf = async (page: Page, label: string) =>
  Number((await localRows(page, 'DeepLink', ['title', 'clicks'])).find((r) => r.title === label)?.clicks);

describe('deep links: QR shown, /l/{code} redirects and counts', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser();
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(PATH);
  });
  after(() => s.close());

  it('lists the demo links with their targets and counts', async () => {
    await s.page.getByRole('heading', { name: 'Deep links' }).waitFor();
    const row = s.page.getByTestId('resource-row').filter({ hasText: 'Canteen poster: workplace safety' });
    // The target's kind, then its title (read from the local topics).
    await row.filter({ hasText: /TopicWorkplace safety/ }).waitFor();
    assert.match((await row.getByRole('cell').nth(4).textContent()) ?? '', /^42$/);
  });

  it('makes a link to a topic, shows its QR code, copies it and downloads the PNG', async () => {
    const label = unique('Gate poster');
    await addLink(s.page, label, 'Fire safety');
    await waitForOutbox(s.page, 0);
    const code = await codeOf(s.page, label);
    assert.match(code, /^[A-Za-z0-9]{7}$/);
    const url = `${baseUrl}/l/${code}`;

    const { dialog, text } = await readQr(s.page, code);
    assert.equal(text, url);
    assert.equal(await dialog.getByTestId('deep-link-url').textContent(), url);

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download QR' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `deep-link-${code}.png`);
    const png = await downloadedBytes(download);
    assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    // Dismissing the toast is a click outside the dialog, which may close it: copy comes last.
    await expectToast(s.page, 'Link copied.');
    assert.equal(await s.page.evaluate(() => navigator.clipboard.readText()), url);
    if (await dialog.isVisible()) await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('redirects /l/{code}, counts each opening, and the list shows the count after a sync', async () => {
    const label = unique('Canteen table card');
    await addLink(s.page, label, 'Lean production');
    await waitForOutbox(s.page, 0);
    const code = await codeOf(s.page, label);
    assert.equal(await clicksOf(s.page, label), 0);

    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/l/${code}`, { redirect: 'manual' });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), `/l/${code}/open`);
    }
    const page = await fetch(`${baseUrl}/l/${code}/open`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /href="learner:\/\/open\/Topic\/[0-9a-f-]{36}"/);
    // A browser opening it follows the redirect to the fallback page (counted too).
    const tab = await s.context.newPage();
    await tab.goto(`/l/${code}`);
    await tab.getByRole('link', { name: 'Open in the app' }).waitFor();
    assert.equal(new URL(tab.url()).pathname, `/l/${code}/open`);
    await tab.close();

    await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
    const row = s.page.getByTestId('resource-row').filter({ hasText: label });
    await row.getByRole('cell').nth(4).filter({ hasText: /^3$/ }).waitFor({ timeout: 30_000 });
    assert.equal(await clicksOf(s.page, label), 3);
  });

  it('draws the QR code of a link made offline at once; the link opens once synced', async () => {
    const label = unique('Offline poster');
    await goOffline(s.context);
    try {
      await addLink(s.page, label, 'Machine guarding');
      const code = await codeOf(s.page, label);
      const { dialog, text } = await readQr(s.page, code);
      assert.equal(text, `${baseUrl}/l/${code}`);
      await dialog.getByText('This link opens once the change is synced.').waitFor();
      assert.equal((await fetch(`${baseUrl}/l/${code}`, { redirect: 'manual' })).status, 404);
      await s.page.keyboard.press('Escape');
      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);
      assert.equal((await fetch(`${baseUrl}/l/${code}`, { redirect: 'manual' })).status, 302);
    } finally {
      await goOnline(s.context);
    }
  });
});

describe('deep links at 375 px', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser({ width: 375, height: 740 });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await s.page.goto(PATH);
  });
  after(() => s.close());

  it('shows the links as cards within the screen, and the QR code from a card', async () => {
    const card = s.page.getByTestId('resource-card').filter({ hasText: 'Assembly point sign, building A' });
    await card.waitFor();
    const over = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(over <= 0, `the list overflows by ${over} px`);
    await card.getByRole('button', { name: /^Show the QR code of / }).click();
    const dialog = s.page.getByTestId('deep-link-qr-dialog');
    await dialog.getByTestId('deep-link-qr').waitFor({ state: 'visible' });
    const box = await dialog.getByTestId('deep-link-qr').boundingBox();
    assert.ok(
      box && box.width >= 150 && box.x >= 0 && box.x + box.width <= 375,
      `QR at ${JSON.stringify(box)}`,
    );
  });
});
