// The library in a real browser: topics, sub-topics and contents made offline, kept through a
// closed tab, sent once when the network is back; a topic still holding contents cannot be
// deleted; the pages fit a 375 px phone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { demoBannerPng } from '../../server/db/demo-png.ts';
import {
  apiPost,
  apiToken,
  expectToast,
  goOffline,
  goOnline,
  newProfileDir,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, unique, waitForOutbox } from './resource-ui.ts';

type Row = {
  id: string;
  title: string;
  parentId?: string | null;
  topicId?: string;
  body?: string;
  minutes?: number;
  file?: string;
};

const tmp = mkdtempSync(join(tmpdir(), 'console-library-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
/** A 1600x1200 photo-like PNG: wider crops than 16:9 are the crop dialog's job. */
const PICTURE = join(tmp, 'forklift.png');
writeFileSync(PICTURE, demoBannerPng([211, 84, 0], 1600, 1200));

/** The size and type of the newest staged picture in this device's database. */
const stagedPictureSize = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('console:'))?.name;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name!);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ blob: Blob; createdAt: number }[]>((resolve) => {
      const req = db.transaction('blobs').objectStore('blobs').getAll();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    const newest = rows.sort((a, b) => b.createdAt - a.createdAt)[0]!;
    const bitmap = await createImageBitmap(newest.blob);
    return { size: [bitmap.width, bitmap.height], type: newest.blob.type };
  });

const VIDEO_FIXTURE = fileURLToPath(new URL('../fixtures/media/video-640x360.mp4', import.meta.url));

/** The duration the preview's player reads once it has the video's metadata. */
const playableSeconds = (page: Page) =>
  page.getByTestId('preview-media').evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const media = el as HTMLMediaElement;
        if (media.readyState >= 1) resolve(media.duration);
        media.addEventListener('loadedmetadata', () => resolve(media.duration), { once: true });
        media.addEventListener('error', () => resolve(-1), { once: true });
        setTimeout(() => resolve(-2), 15_000);
      }),
  );

async function serverRows(token: string, resource: string, search: string) {
  const res = await apiPost<{ items: Row[] }>(token, `v1/${resource}/List`, {
    page: 1,
    per_page: 50,
    search,
  });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items.filter((r) => r.title === search);
}

async function waitForLocal(page: Page, store: string, match: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await localRows(page, store)).some(match)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no matching row reached the local ${store} table`);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function addWithTitle(
  page: Page,
  title: string,
  toast: string,
  extra?: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await extra?.(form);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, toast);
}

describe('library', () => {
  it('makes a topic, a sub-topic, an article and a video (real MP4) offline; after closing the tab they reach the server once and the video plays', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const topic = unique('Forklift safety');
    const sub = unique('Daily checks');
    const article = unique('Check the forks');
    const video = unique('Fork inspection clip');
    const profileDir = newProfileDir();
    try {
      const s = await openBrowser({ width: 1280, height: 800 }, { profileDir });
      try {
        await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
        await waitForServiceWorkerControl(s.page);
        await s.page.goto('/home/library');
        await waitForLocal(s.page, 'Topic', (r) => r.title === 'Workplace safety');
        await goOffline(s.context);

        await addWithTitle(s.page, topic, 'Topic added successfully.');
        await s.page.getByRole('link', { name: topic }).click();
        await s.page.getByRole('heading', { name: topic, level: 1 }).waitFor();

        // Sub-topics tab: a new one starts under this topic; its picture is cropped to 800x450.
        await addWithTitle(s.page, sub, 'Sub-topic added successfully.', async (form) => {
          assert.equal(
            await form.getByLabel('Parent topic').inputValue(),
            (await localId(s.page, topic)) ?? '',
          );
          await form.getByTestId('file-input').setInputFiles(PICTURE);
          const crop = s.page.getByRole('dialog', { name: 'Crop image' });
          await crop.getByRole('button', { name: 'Confirm' }).click();
          await form.getByTestId('upload-progress').waitFor();
          const staged = await stagedPictureSize(s.page);
          assert.deepEqual(staged.size, [800, 450], 'the staged picture is exactly 800x450');
          assert.ok(staged.type === 'image/jpeg' || staged.type === 'image/png', staged.type);
        });
        await s.page.getByRole('link', { name: sub }).click();
        await s.page.getByRole('heading', { name: sub, level: 1 }).waitFor();
        assert.equal(
          new URL(s.page.url()).pathname,
          `/home/library/${encodeURIComponent(topic)}/${encodeURIComponent(sub)}`,
        );

        // Articles tab of the sub-topic (the first tab there): text only, no file.
        await addWithTitle(s.page, article, 'Article added successfully.', async (form) => {
          await form.getByLabel('Article text').fill('Look for cracks at the heel of each fork.');
        });
        await s.page.getByRole('button', { name: `Read ${article}` }).click();
        const preview = s.page.getByTestId('content-preview');
        await preview.getByTestId('article-body').filter({ hasText: 'cracks at the heel' }).waitFor();
        await preview.getByRole('button', { name: 'Close', exact: true }).first().click();

        // Videos tab: a real MP4 picked offline is checked, kept on the device and plays from there.
        await s.page.getByRole('tab', { name: 'Videos' }).click();
        await addWithTitle(s.page, video, 'Video added successfully.', async (form) => {
          await form.locator('input[type=file][accept*="mp4"]').setInputFiles(VIDEO_FIXTURE);
          await form.getByTestId('chosen-file').waitFor();
        });
        await s.page.getByRole('button', { name: `Play ${video}` }).click();
        assert.ok((await playableSeconds(s.page)) > 1, 'the offline video plays from the device');
        await s.page
          .getByTestId('content-preview')
          .getByRole('button', { name: 'Close', exact: true })
          .first()
          .click();

        await waitForOutbox(s.page, 4);
        assert.equal((await serverRows(token, 'Topic', topic)).length, 0, 'nothing was sent offline');
      } finally {
        await s.close();
      }

      // The tab is gone; the work is on the device. Reopen online: it is sent, once.
      const again = await openBrowser({ width: 1280, height: 800 }, { profileDir });
      try {
        await goOnline(again.context);
        await again.page.goto(`/home/library/${encodeURIComponent(topic)}`);
        await again.page.getByRole('heading', { name: topic, level: 1 }).waitFor();
        await waitForOutbox(again.page, 0, 60_000).catch(async (e) => {
          console.log(JSON.stringify(await localRows(again.page, 'outbox'), null, 1).slice(0, 3000));
          console.log(
            JSON.stringify(await localRows(again.page, 'blobs', ['name', 'state', 'error', 'size', 'type'])),
          );
          throw e;
        });
        const [t, ...moreTopics] = await serverRows(token, 'Topic', topic);
        assert.ok(t && moreTopics.length === 0, 'the topic exists once on the server');
        const subs = await serverRows(token, 'Topic', sub);
        assert.equal(subs.length, 1, 'the sub-topic exists once');
        assert.equal(subs[0]!.parentId, t.id);
        const articles = await serverRows(token, 'Article', article);
        assert.equal(articles.length, 1, 'the article exists once');
        assert.equal(articles[0]!.topicId, subs[0]!.id);
        const videos = await serverRows(token, 'Video', video);
        assert.equal(videos.length, 1, 'the video exists once');
        assert.equal(videos[0]!.minutes, 1, 'its minutes were read from the MP4 by the server');
        assert.match(String(videos[0]!.file), /^\/files\//, 'its file was uploaded before the record');

        // It plays in the preview from the server now (a signed URL, with range requests).
        await again.page.goto(
          `/home/library/${encodeURIComponent(topic)}/${encodeURIComponent(sub)}?tab=Video`,
        );
        await again.page.getByRole('button', { name: `Play ${video}` }).click();
        assert.ok((await playableSeconds(again.page)) > 1, 'the uploaded video plays');
        const src = await again.page.getByTestId('preview-media').getAttribute('src');
        assert.match(String(src), /^\/files\/.+[?&]sig=/, 'the player reads a signed URL');
        await again.page
          .getByTestId('content-preview')
          .getByRole('button', { name: 'Close', exact: true })
          .first()
          .click();

        // A topic that still holds a sub-topic is not deleted: the admin reads why at once.
        await again.page.goto('/home/library');
        await again.page.getByRole('button', { name: `Delete ${topic}` }).click();
        await again.page
          .getByRole('alertdialog')
          .getByRole('button', { name: 'Delete', exact: true })
          .click();
        await again.page
          .getByText(/This topic cannot be deleted: it still has 1 sub-topic and 0 contents/)
          .waitFor();
      } finally {
        await again.close();
      }
    } finally {
      rmSync(profileDir, { recursive: true, force: true });
    }
  });

  it('fits a 375 px phone: the library, a topic page and its form', async () => {
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto('/home/library');
      // Each topic card says what it holds.
      const card = s.page.getByTestId('resource-card').filter({ hasText: 'Workplace safety' });
      await card.getByTestId('topic-holdings').filter({ hasText: '2 sub-topics' }).waitFor();
      await s.page.getByRole('link', { name: 'Workplace safety' }).first().click();
      await s.page.getByRole('heading', { name: 'Workplace safety', level: 1 }).waitFor();
      assert.ok((await overflow(s.page)) <= 0, 'the topic page scrolls sideways');
      await s.page.getByRole('tab', { name: 'Sub-topics' }).waitFor();
      await s.page.getByRole('link', { name: 'Fire safety' }).first().click();
      await s.page.getByRole('heading', { name: 'Fire safety', level: 1 }).waitFor();
      await s.page.getByTestId('resource-card').first().waitFor();
      assert.ok((await overflow(s.page)) <= 0, 'the sub-topic page scrolls sideways');
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      await s.page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true }).waitFor();
      assert.ok((await overflow(s.page)) <= 0, 'the article form scrolls sideways');
    } finally {
      await s.close();
    }
  });
});

/** The local id of the live topic titled `title`. */
async function localId(page: Page, title: string) {
  const rows = await localRows(page, 'Topic', ['id', 'title', 'deletedAt']);
  return rows.find((r) => r.title === title && !r.deletedAt)?.id as string | undefined;
}
