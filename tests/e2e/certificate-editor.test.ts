// The certificate template editor (issue 10): a text box placed by dragging and by the keyboard,
// its words edited by a double-click, undo and redo, the template saved offline and synced once;
// then at 375 px the same template moved by the nudge buttons. And the editor's preview looks like
// the server's PDF of the same template (rendered to PNG by poppler's pdftoppm).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { demoBannerPng } from '../../server/db/demo-png.ts';
import {
  apiPost,
  apiToken,
  baseUrl,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { unique, waitForOutbox } from './resource-ui.ts';

type Element = { id: string; kind: string; x: number; y: number; width: number; text: string };
type Template = { id: string; name: string; rev: number; background: string; elements: Element[] };

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
      // The background picture, chosen offline: kept on the device, uploaded (tus) once online.
      const picture = join(mkdtempSync(join(tmpdir(), 'certificate-bg-')), 'background.png');
      writeFileSync(picture, demoBannerPng([30, 90, 160], 842, 595));
      await page.getByTestId('file-input').first().setInputFiles(picture);
      await page.getByRole('button', { name: 'Change image' }).waitFor();
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
      // Within the snap distance (4) of where the mouse took it: a guide may pull it that far.
      assert.ok(
        Math.abs(x1 - (x0 + 120 / scale)) <= 5,
        `dragged to x ${x1}, expected about ${x0 + 120 / scale}`,
      );
      assert.ok(
        Math.abs(y1 - (y0 + 60 / scale)) <= 5,
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
      await waitForOutbox(page, 0, 60_000);
      const [saved, ...others] = await serverTemplates(token, name);
      assert.ok(saved, 'the template did not reach the server');
      assert.equal(others.length, 0);
      assert.match(saved.background, /^\/files\/[^/]+\/[^/]+$/);
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

  it("previews the certificate as the server's PDF prints it (pdftoppm), within a small pixel difference", async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const id = crypto.randomUUID();
    const created = await apiPost(token, 'v1/CertificateTemplate/Create', {
      id,
      name: unique('Preview'),
      language: 'th',
    });
    assert.equal(created.httpStatus, 200, created.message);
    const dir = mkdtempSync(join(tmpdir(), 'certificate-preview-'));
    /** The server's preview PDF with one language's sample learner, as a 842x595 PNG data URL. */
    const serverPng = async (sample: string) => {
      const res = await fetch(`${baseUrl}/api/v1/Certificate/Preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ templateId: id, sample }),
      });
      assert.equal(res.status, 200);
      const pdf = join(dir, `${sample}.pdf`);
      writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
      execFileSync('pdftoppm', ['-png', '-r', '72', '-singlefile', pdf, join(dir, sample)]);
      return `data:image/png;base64,${readFileSync(join(dir, `${sample}.png`)).toString('base64')}`;
    };
    const s = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await page.goto(`/home/certificate/edit?id=${id}`);
      await page.getByRole('heading', { name: 'Edit certificate template', level: 1 }).waitFor();
      await page.getByLabel('Preview language').selectOption('th');
      await page.getByTestId('certificate-canvas').locator('canvas').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      /**
       * Share of pixels whose colour differs by more than 64 in a channel, canvas against picture,
       * both drawn at half size (smoothed), so sub-pixel anti-aliasing of the two renderers does not count.
       */
      const difference = (png: string) =>
        page.evaluate(async (src) => {
          const W = 421;
          const H = 298;
          const draw = (source: CanvasImageSource) => {
            const c = document.createElement('canvas');
            c.width = W;
            c.height = H;
            const ctx = c.getContext('2d', { willReadFrequently: true })!;
            ctx.imageSmoothingQuality = 'high';
            ctx.fillStyle = '#fff';
            ctx.fillRect(0, 0, W, H);
            ctx.drawImage(source, 0, 0, W, H);
            return ctx.getImageData(0, 0, W, H).data;
          };
          const stage = document.querySelector(
            '[data-testid="certificate-canvas"] canvas',
          ) as HTMLCanvasElement;
          const img = new Image();
          img.src = src;
          await img.decode();
          const a = draw(stage);
          const b = draw(img);
          let differ = 0;
          for (let i = 0; i < a.length; i += 4) {
            const d = Math.max(
              Math.abs(a[i]! - b[i]!),
              Math.abs(a[i + 1]! - b[i + 1]!),
              Math.abs(a[i + 2]! - b[i + 2]!),
            );
            if (d > 64) differ++;
          }
          return differ / (W * H);
        }, png);
      const same = await difference(await serverPng('th'));
      const other = await difference(await serverPng('vi'));
      console.log(
        `preview vs server PDF: ${(same * 100).toFixed(2)}% of pixels differ; vs another learner: ${(other * 100).toFixed(2)}%`,
      );
      assert.ok(same < 0.01, `${(same * 100).toFixed(2)}% of the pixels differ from the server's PDF`);
      assert.ok(other > same * 1.5, 'the comparison does not tell another learner apart');
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
