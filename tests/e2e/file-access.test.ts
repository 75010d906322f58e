// Files are not public: the banner list shows its images through signed URLs (the bare URL
// answers 401), and after a reload with the network cut the service worker still shows them,
// from its cache keyed by path alone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  baseUrl,
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';

const BANNER_PATH = '/home/banner';

/**
 * The first banner thumbnail that has loaded: its src and decoded width. Not simply the first one
 * in the list: banners other browser tests made on the same server need not hold a picture that
 * decodes (uploads.test.ts sends a PNG header followed by random bytes), and this test failed
 * when it ran after that one.
 */
async function firstThumbnail(page: Page) {
  await page.locator('img[src^="/files/"]').first().waitFor({ timeout: 20_000 });
  const loaded = await page.waitForFunction(
    () => {
      const img = [...document.querySelectorAll<HTMLImageElement>('img[src^="/files/"]')].find(
        (el) => el.complete && el.naturalWidth > 0,
      );
      return img ? { src: img.getAttribute('src') ?? '', width: img.naturalWidth } : null;
    },
    undefined,
    { timeout: 20_000 },
  );
  return (await loaded.jsonValue()) as { src: string; width: number };
}

describe('file access from the console', () => {
  let s: Session;
  let token: string;
  const fileAnswers: { url: string; status: number }[] = [];
  before(async () => {
    token = await apiToken('DEMO', 'admin', 'Admin@1234');
    s = await openBrowser();
    s.page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/files/'))
        fileAnswers.push({ url: res.url(), status: res.status() });
    });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
  });
  after(() => s.close());

  it('shows banner images by signed URLs; the bare URL needs credentials', async () => {
    const banners = await apiPost<{ items: { image: string }[] }>(token, 'v1/Banner/List', {
      page: 1,
      per_page: 5,
    });
    const image = banners.data.items[0]?.image;
    assert.ok(image?.startsWith('/files/'), 'the demo banners have uploaded images');
    assert.equal((await fetch(new URL(image, baseUrl))).status, 401);

    await s.page.goto(BANNER_PATH);
    const shown = await firstThumbnail(s.page);
    assert.match(shown.src, /^\/files\/[0-9a-f-]+\/[^?]+\?exp=\d+&sig=[\w-]+$/);
    assert.ok(shown.width > 0);
    assert.ok(
      fileAnswers.every((a) => a.status === 200),
      `every file answered 200: ${JSON.stringify(fileAnswers)}`,
    );
    // The signed URL opens without a bearer, as an <img> or a <video> opens it.
    assert.equal((await fetch(new URL(shown.src, baseUrl))).status, 200);
  });

  it('still shows the images after a reload with the network cut', async () => {
    const online = await firstThumbnail(s.page);
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
      const offline = await firstThumbnail(s.page);
      // No signature can be had offline: the bare path, answered from the service worker's cache.
      assert.equal(offline.src, online.src.split('?')[0]);
      assert.equal(offline.width, online.width);
    } finally {
      await goOnline(s.context);
    }
  });
});
