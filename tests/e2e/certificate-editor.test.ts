// The certificate template editor (issue 10): a text box placed by dragging and by the keyboard,
// its words edited by a double-click, undo and redo, the template saved offline and synced once;
// then at 375 px the same template moved by the nudge buttons.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { unique, waitForOutbox } from './resource-ui.ts';

type Element = { id: string; kind: string; x: number; y: number; width: number; text: string };
type Template = { id: string; name: string; rev: number; elements: Element[] };

async function serverTemplates(token: string, search: string) {
  const res = await apiPost<{ items: Template[] }>(token, 'v1/CertificateTemplate/List', {
    page: 1,
    per_page: 50,
    search,
  });
  if (res.httpStatus !== 200) throw new Error(`List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

const numberField = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Selected element' }).getByLabel(label, { exact: true });
const fieldValue = async (page: Page, label: string) => Number(await numberField(page, label).inputValue());

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('certificate template editor', () => {
  it('places a text box by drag and by keyboard, edits it by double-click, saves offline and syncs', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const name = unique('Safety certificate');
    const s = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(page);
      await page.goto('/home/certificate');
      await page.getByRole('heading', { name: 'Certificate templates', level: 1 }).waitFor();
      // Open the editor online once (its code is then cached), then work offline.
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('heading', { name: 'Add certificate template', level: 1 }).waitFor();
      const canvas = page.getByTestId('certificate-canvas');
      await canvas.locator('canvas').first().waitFor();
      await goOffline(s.context);

      await page.getByLabel(/^Template name/).fill(name);
      await page.getByRole('button', { name: '+ Text box' }).click();
      const x0 = await fieldValue(page, 'Left');
      const y0 = await fieldValue(page, 'Top');
      const width = await fieldValue(page, 'Width');

      // Drag by the middle of the new text box, 120 px right and 60 px down on the screen.
      const box = await canvas.boundingBox();
      assert.ok(box);
      const scale = box.width / 842;
      const from = { x: box.x + (x0 + width / 2) * scale, y: box.y + (y0 + 12) * scale };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y + 30, { steps: 5 });
      await page.mouse.move(from.x + 120, from.y + 60, { steps: 5 });
      await page.mouse.up();
      const x1 = await fieldValue(page, 'Left');
      const y1 = await fieldValue(page, 'Top');
      assert.ok(
        Math.abs(x1 - (x0 + 120 / scale)) <= 2,
        `dragged to x ${x1}, expected about ${x0 + 120 / scale}`,
      );
      assert.ok(
        Math.abs(y1 - (y0 + 60 / scale)) <= 2,
        `dragged to y ${y1}, expected about ${y0 + 60 / scale}`,
      );

      // Keyboard: three steps right, one big step (Shift) down.
      await canvas.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      assert.equal(await fieldValue(page, 'Left'), x1 + 3);
      assert.equal(await fieldValue(page, 'Top'), y1 + 10);

      // Double-click the text box to edit its words in place.
      const at = {
        x: box.x + (x1 + 3 + width / 2) * scale,
        y: box.y + (y1 + 10 + 12) * scale,
      };
      await page.mouse.dblclick(at.x, at.y);
      const inline = page.getByTestId('inline-text-editor');
      await inline.waitFor();
      await inline.fill('Safety champion');
      await inline.press('Enter');
      await inline.waitFor({ state: 'detached' });
      const text = page.getByRole('group', { name: 'Selected element' }).getByLabel('Text', { exact: true });
      assert.equal(await text.inputValue(), 'Safety champion');

      // Undo and redo the edit.
      await canvas.focus();
      await page.keyboard.press('Control+z');
      assert.equal(await text.inputValue(), 'Text');
      await page.keyboard.press('Control+Shift+z');
      assert.equal(await text.inputValue(), 'Safety champion');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Certificate template added successfully.');
      await waitForOutbox(page, 1);
      assert.equal((await serverTemplates(token, name)).length, 0, 'reached the server while offline');

      await goOnline(s.context);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(page, 0);
      const [saved, ...others] = await serverTemplates(token, name);
      assert.ok(saved, 'the template did not reach the server');
      assert.equal(others.length, 0);
      const placed = saved.elements.find((e) => e.kind === 'text' && e.text === 'Safety champion');
      assert.ok(placed, 'the edited text box is not on the server');
      assert.equal(placed.x, x1 + 3);
      assert.equal(placed.y, y1 + 10);

      // At 375 px: the editor fits, and the nudge buttons move the chosen element.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/home/certificate/edit?id=${saved.id}`);
      await page.getByRole('heading', { name: 'Edit certificate template', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Text box: Safety champion' }).click();
      await page.getByRole('button', { name: 'Move right' }).click();
      await page.getByRole('button', { name: 'Move down' }).click();
      assert.equal(await fieldValue(page, 'Left'), x1 + 8);
      assert.equal(await fieldValue(page, 'Top'), y1 + 15);
      assert.ok((await overflow(page)) <= 0, 'the editor overflows the 375 px screen');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Certificate template updated successfully.');
      await waitForOutbox(page, 0);
      const [moved] = await serverTemplates(token, name);
      const again = moved!.elements.find((e) => e.id === placed.id);
      assert.equal(again?.x, x1 + 8);
      assert.equal(again?.y, y1 + 15);
    } finally {
      await s.close();
    }
  });
});
