// Resumable uploads in a real browser: a tus upload cut at 90% resumes from the server's offset,
// a queued upload survives closing the tab, and a file whose bytes lie about its type, or a picture that
// does not decode, is refused.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { pngOfSize } from '../fixtures/png.ts';
import {
  apiPost,
  apiToken,
  baseUrl,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, outboxCount, unique, waitForOutbox } from './resource-ui.ts';

const BANNER_PATH = '/home/banner';
const TUS = /\/api\/v1\/File\/Tus(\/|$)/;
const SLICE = 2 * 1024 * 1024; // src/data/tus-client.ts SLICE_BYTES

const tmp = mkdtempSync(join(tmpdir(), 'console-uploads-'));
function tempFile(name: string, bytes: Buffer) {
  const path = join(tmp, name);
  writeFileSync(path, bytes);
  return path;
}

/** Opens the add form, fills a valid banner, picks the file and waits until it is staged. */
async function fillBanner(page: Page, title: string, file: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('textbox', { name: 'Start date and time' }).fill('2030-01-01T09:00');
  await form.getByRole('textbox', { name: 'End date and time' }).fill('2030-02-01T18:00');
  await form.getByTestId('file-input').setInputFiles(file);
  return form;
}

async function addBanner(page: Page, title: string, file: string) {
  const form = await fillBanner(page, title, file);
  await form.getByTestId('upload-progress').waitFor();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Banner added successfully.');
}

type Banner = { id: string; title: string; image: string };

async function serverBanners(token: string, title: string) {
  const res = await apiPost<{ items: Banner[] }>(token, 'v1/Banner/List', {
    page: 1,
    per_page: 50,
    search: title,
  });
  if (res.httpStatus !== 200) throw new Error(`Banner/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items.filter((b) => b.title === title);
}

async function waitForServerBanner(token: string, title: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await serverBanners(token, title);
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`banner "${title}" did not reach the server within ${timeoutMs} ms`);
}

/** The bytes the server serves at an uploaded file's URL, to a user of its company. */
async function servedBytes(url: string, token: string) {
  const res = await fetch(new URL(url, baseUrl), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The staged files (blobs table) of the signed-in user's database: state, offset and size of each. */
const stagedUploads = async (page: Page) =>
  (await localRows(page, 'blobs', ['id', 'state', 'offset', 'size', 'fileUrl'])) as {
    id: string;
    state: string;
    offset: number;
    size: number;
    fileUrl?: string;
  }[];

describe('resumable uploads (tus) of banner images', () => {
  let s: Session;
  let token: string;
  before(async () => {
    token = await apiToken('DEMO', 'admin', 'Admin@1234');
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(BANNER_PATH);
    await s.page.getByRole('button', { name: 'Add', exact: true }).waitFor();
  });
  after(async () => {
    await s.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("resumes an upload cut at 90% from the server's offset", async () => {
    const title = unique('Resumed banner');
    const size = Math.floor(3.5 * 1024 * 1024);
    const png = pngOfSize(size);
    const file = tempFile('resumed.png', png);
    const second = Math.min(SLICE, size - SLICE);
    const kept = Math.floor(second * 0.9);

    // One ordered log of what the browser sent and heard (tus requests, PATCH answers, pushes).
    const log: { what: string; offset?: number; at: number }[] = [];
    let n = 0;
    const at = () => n++;
    const onRequest = (req: Request) => {
      if (TUS.test(req.url()))
        log.push({ what: req.method(), offset: Number(req.headers()['upload-offset'] ?? NaN), at: at() });
      else if (req.url().endsWith('/api/v6/Sync/Push') && req.postData()?.includes(title))
        log.push({ what: 'PUSH', at: at() });
    };
    const onResponse = (res: { request(): Request }) => {
      if (TUS.test(res.request().url()) && res.request().method() === 'PATCH')
        log.push({ what: 'PATCH answered', at: at() });
    };
    let patches = 0;
    let cut = false;
    await s.context.route(TUS, async (route) => {
      const req = route.request();
      if (req.method() !== 'PATCH' || ++patches !== 2) return route.continue();
      // The 2nd slice: the server receives (and keeps) only its first 90%, the client never hears back.
      const offset = Number(req.headers()['upload-offset']);
      const res = await route.fetch({ postData: png.subarray(offset, offset + kept) });
      assert.equal(res.status(), 204, `the truncated PATCH answered ${res.status()}`);
      cut = true;
      await route.abort('connectionreset');
    });
    s.context.on('request', onRequest);
    s.context.on('response', onResponse);
    try {
      await addBanner(s.page, title, file);
      await waitForServerBanner(token, title);
      await waitForOutbox(s.page, 0);
    } finally {
      s.context.off('request', onRequest);
      s.context.off('response', onResponse);
      await s.context.unroute(TUS);
    }
    assert.ok(cut, 'the second PATCH was never cut');

    const posts = log.filter((e) => e.what === 'POST');
    assert.equal(posts.length, 1, 'exactly one upload is created (POST), a resume never starts over');
    const patchOffsets = log.filter((e) => e.what === 'PATCH').map((e) => e.offset);
    assert.deepEqual(
      patchOffsets,
      [0, SLICE, SLICE + kept],
      "PATCH offsets: first slice, the cut slice, then the rest from the server's offset",
    );
    const cutAt = log.findIndex((e) => e.what === 'PATCH' && e.offset === SLICE);
    const resumedAt = log.findIndex((e) => e.what === 'PATCH' && e.offset === SLICE + kept);
    assert.ok(
      log.slice(cutAt + 1, resumedAt).some((e) => e.what === 'HEAD'),
      'the client asks the server for its offset (HEAD) before resuming',
    );

    const [banner, ...others] = await serverBanners(token, title);
    assert.equal(others.length, 0, 'the banner exists once on the server');
    assert.match(banner.image, /^\/files\//);
    const served = await servedBytes(banner.image, token);
    assert.equal(served.length, size, 'the server stored every byte once');
    assert.ok(served.equals(png), 'the stored file is byte for byte the picked one');

    const pushes = log.filter((e) => e.what === 'PUSH');
    const lastPatchAnswer = log.filter((e) => e.what === 'PATCH answered').at(-1);
    assert.ok(pushes.length >= 1 && lastPatchAnswer, 'the banner push and the PATCH answers were seen');
    assert.ok(
      pushes.every((p) => p.at > lastPatchAnswer.at),
      'the record is sent only after its upload finished',
    );

    const uploads = await stagedUploads(s.page);
    const entry = uploads.find((u) => u.fileUrl === banner.image);
    assert.equal(entry?.state, 'done', 'the local upload entry is marked done with the file URL');
    assert.equal(entry?.offset, size);
  });

  it('a queued upload survives closing the tab', async () => {
    const title = unique('Queued banner');
    const size = 1024 * 1024 + 12_345;
    const png = pngOfSize(size);
    const file = tempFile('queued.png', png);
    await goOffline(s.context);
    try {
      await addBanner(s.page, title, file);
      await waitForOutbox(s.page, 1);
      const queued = (await stagedUploads(s.page)).filter((u) => u.state !== 'done');
      assert.equal(queued.length, 1, 'the picked file waits in IndexedDB');
      assert.equal(queued[0].size, size);
    } catch (error) {
      await goOnline(s.context);
      throw error;
    }
    assert.equal((await serverBanners(token, title)).length, 0, 'nothing reaches the server offline');

    // Close the tab (another blank one keeps the browser up), then come back online in a new tab.
    const blank = await s.context.newPage();
    await s.page.close();
    await goOnline(s.context);
    s.page = blank;
    await s.page.goto(BANNER_PATH);
    const [banner] = await waitForServerBanner(token, title);
    assert.match(banner.image, /^\/files\//);
    assert.ok((await servedBytes(banner.image, token)).equals(png), 'the server has the whole file');
    await waitForOutbox(s.page, 0);
    assert.equal((await serverBanners(token, title)).length, 1);
  });

  const wrongFiles = [
    {
      what: 'a wrong file type by content',
      name: 'not-an-image.png',
      bytes: Buffer.from('GIF? No: plain text pretending to be a PNG.\n'.repeat(50)),
      message:
        'This file is not really a PNG, JPG file: its content does not match its name. Please choose another file.',
    },
    {
      what: 'a picture that starts like a PNG but does not decode',
      name: 'damaged.png',
      bytes: Buffer.concat([pngOfSize(200).subarray(0, 33), randomBytes(20_000)]),
      message:
        'This picture cannot be shown: its content is damaged or is not a real picture. Please choose another file.',
    },
  ];
  for (const wrong of wrongFiles) {
    it(`refuses ${wrong.what}`, async () => {
      await s.page.goto(BANNER_PATH);
      await s.page.getByRole('button', { name: 'Add', exact: true }).waitFor();
      const outboxBefore = await outboxCount(s.page);
      const stagedBefore = (await stagedUploads(s.page)).length;
      const form = await fillBanner(s.page, unique('Fake PNG banner'), tempFile(wrong.name, wrong.bytes));
      await form.getByText(wrong.message).waitFor();
      assert.equal(await form.getByTestId('upload-progress').count(), 0, 'the file was not staged');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await s.page.waitForTimeout(500);
      assert.equal(
        await s.page.getByText('Banner added successfully.').count(),
        0,
        'the banner was not saved',
      );
      assert.equal(await outboxCount(s.page), outboxBefore, 'nothing was written to the outbox');
      assert.equal((await stagedUploads(s.page)).length, stagedBefore, 'no file was kept on the device');
    });
  }
});
