// The content store in a real browser: the seeded catalogue is listed from the local database,
// an item is added to a topic of the library once (a second attempt is not offered, and the API
// refuses it), the copy reaches the topic's page by sync; offline, adding is disabled.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiPost, apiToken, expectToast, goOffline, goOnline, openBrowser, signIn } from './browser.ts';
import { localRows } from './resource-ui.ts';

const ITEM = 'Chemical labels in one minute';
const TOPIC = 'Quality management';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('content store', () => {
  it('adds an item to the library once; the copy appears in the topic', async () => {
    const s = await openBrowser({ width: 1280, height: 800 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await page.goto('/home/store');
      await page.getByRole('heading', { name: 'Content store', level: 1 }).waitFor();
      await page.getByRole('link', { name: ITEM }).first().waitFor({ timeout: 30_000 });

      // The Sounds tab narrows the list to the catalogue's sounds.
      await page.getByRole('tab', { name: 'Sounds' }).click();
      await page.waitForURL('**/home/store/sound');
      await page.getByText('Podcast: lean in five minutes').first().waitFor();
      // The list of the tab being left may still be on screen for a frame (CI saw it once).
      await page
        .getByRole('link', { name: ITEM })
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
      assert.equal(await page.getByRole('link', { name: ITEM }).count(), 0, 'an article is not a sound');
      await page.getByRole('tab', { name: 'All' }).click();

      // Offline: the action is there but disabled, saying why.
      await goOffline(s.context);
      await page
        .getByRole('button', { name: `Preview or add ${ITEM}` })
        .first()
        .click();
      const dialog = page.getByTestId('store-item');
      await dialog.getByText('Adding to the library needs the network').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Add to library' }).isDisabled(), true);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await goOnline(s.context);

      await page
        .getByRole('button', { name: `Preview or add ${ITEM}` })
        .first()
        .click();
      await dialog.getByTestId('store-article-body').waitFor();
      await dialog.getByTestId('store-topic').selectOption({ label: TOPIC });
      await dialog.getByRole('button', { name: 'Add to library' }).click();
      await expectToast(page, 'Added to the library.');
      await dialog.getByTestId('store-in-library').waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

      // Opened again, the item is in the library and cannot be added twice.
      await page
        .getByRole('button', { name: `Preview or add ${ITEM}` })
        .first()
        .click();
      await dialog.getByTestId('store-in-library').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Add to library' }).count(), 0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

      // The API refuses a second addition too.
      const token = await apiToken('DEMO', 'admin', 'Admin@1234');
      const items = await apiPost<{ items: { id: string; title: string }[] }>(token, 'v1/StoreItem/List', {
        search: ITEM,
      });
      const topics = await apiPost<{ items: { id: string; title: string }[] }>(token, 'v1/Topic/List', {
        search: TOPIC,
      });
      const again = await apiPost(token, 'v1/StoreItem/AddToLibrary', {
        storeItemId: items.data.items[0].id,
        topicId: topics.data.items.find((x) => x.title === TOPIC)!.id,
      });
      assert.equal(again.httpStatus, 409);
      assert.equal(again.message, 'This item is already in your library.');

      // The copy arrives by sync and is listed under the topic's articles.
      await waitFor('the copied article locally', async () =>
        (await localRows(page, 'Article')).find((r) => r.title === ITEM),
      );
      await page.goto(`/home/library/${encodeURIComponent(TOPIC)}?tab=Article`);
      await page.getByRole('heading', { name: TOPIC, level: 1 }).waitFor();
      await page.getByText(ITEM).first().waitFor();
      const copies = (await localRows(page, 'Article')).filter((r) => r.title === ITEM);
      assert.equal(copies.length, 1);

      // The reader page of a store article.
      await page.goto('/home/store/article');
      await page.getByRole('link', { name: ITEM }).first().click();
      await page.waitForURL('**/home/store/article/articleview?id=*');
      await page.getByRole('heading', { name: ITEM, level: 1 }).waitFor();
      await page.getByTestId('store-in-library').waitFor();
    } finally {
      await s.close();
    }
  });

  it('fits a 375 px phone: the store and an article', async () => {
    const s = await openBrowser({ width: 375, height: 740 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.goto('/home/store/article');
      await page.getByText(ITEM).first().waitFor({ timeout: 30_000 });
      assert.ok((await overflow()) <= 0, 'the store list scrolls sideways');
      await page
        .getByRole('button', { name: `Preview or add ${ITEM}` })
        .first()
        .click();
      await page.getByTestId('store-item').getByTestId('store-article-body').waitFor();
      assert.ok((await overflow()) <= 0, 'the store dialog scrolls sideways');
    } finally {
      await s.close();
    }
  });
});
