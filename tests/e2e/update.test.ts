import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type Session, signIn, waitForServiceWorkerControl } from './browser.ts';
import { addFaq, FAQ_PATH, waitForOutbox } from './resource-ui.ts';

// The server under test serves the built console from ./dist: changing sw.js there is a deploy.
const SW = 'dist/sw.js';

describe('an app update never reloads over unsynced work or a dirty form', () => {
  let s: Session;
  const original = readFileSync(SW, 'utf8');
  before(async () => {
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(FAQ_PATH);
  });
  after(async () => {
    writeFileSync(SW, original);
    await s.close();
  });

  it('holds Reload while a change is unsent, then while a form is dirty, and reloads only when safe', async () => {
    await s.context.route('**/api/v6/Sync/Push', (route) => route.abort('internetdisconnected'));
    await addFaq(s.page, `Held update ${Date.now()}`, 'pending');
    writeFileSync(SW, `${original}\n// deployed ${Date.now()}\n`);
    await s.page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
      (window as unknown as { marker: number }).marker = 1;
    });
    const prompt = s.page.getByTestId('update-prompt');
    await prompt.waitFor({ timeout: 30_000 });
    // By test id: while a modal form is open the rest of the page is hidden from role queries.
    const reload = s.page.getByTestId('update-reload');
    await s.page.getByTestId('update-blocked').getByText('1 change is still being synced').waitFor();
    assert.ok(await reload.isDisabled(), 'Reload is offered over unsaved work');
    await reload.dispatchEvent('click');
    await s.page.waitForTimeout(1_500);
    assert.equal(
      await s.page.evaluate(() => (window as unknown as { marker?: number }).marker),
      1,
      'reloaded',
    );

    await s.context.unroute('**/api/v6/Sync/Push');
    await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForOutbox(s.page, 0);
    await s.page.getByRole('button', { name: 'Add', exact: true }).click();
    await s.page.getByRole('dialog').getByLabel('Question').fill('typing, not saved');
    await s.page.getByTestId('update-blocked').getByText('Save or discard your changes first.').waitFor();
    assert.ok(await reload.isDisabled(), 'Reload is offered over unsaved work');
    await reload.dispatchEvent('click');
    await s.page.waitForTimeout(1_500);
    assert.equal(
      await s.page.evaluate(() => (window as unknown as { marker?: number }).marker),
      1,
      'reloaded',
    );

    await s.page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Discard', exact: true }).click();
    await s.page.getByTestId('update-blocked').waitFor({ state: 'detached' });
    await Promise.all([s.page.waitForEvent('load', { timeout: 30_000 }), reload.click()]);
    assert.equal(await s.page.evaluate(() => (window as unknown as { marker?: number }).marker), undefined);
    await s.page.getByTestId('app-shell').waitFor();
  });
});
