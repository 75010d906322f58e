// Knowledge sharing in a real browser at 375 px: a lesson with two attachments written offline
// is kept on the phone, and once online its files upload and the lesson reaches the server once,
// with its author set by the server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
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

const tmp = mkdtempSync(join(tmpdir(), 'console-lessons-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Lesson = { id: string; title: string; attachments: string[]; authorId: string; published: boolean };

describe('knowledge sharing', () => {
  it('writes a lesson with two attachments offline on a phone; online it is sent once with both files', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const title = unique('Gloves at every press');
    const files = [join(tmp, 'near-miss.pdf'), join(tmp, 'press.png')];
    writeFileSync(files[0]!, PDF);
    writeFileSync(files[1]!, PNG);
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/home/lesson-learn');
      await s.page.getByTestId('resource-card').first().waitFor();
      await goOffline(s.context);

      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = s.page.getByRole('dialog');
      await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await form
        .getByRole('textbox', { name: 'Lesson' })
        .fill('Operators worked without gloves when the store was far.');
      await form.getByTestId('files-input').setInputFiles(files);
      await form.getByTestId('attached-file').nth(1).waitFor();
      assert.equal(await form.getByTestId('attached-file').count(), 2);
      const width = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(width <= 0, `the form scrolls sideways by ${width} px`);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Knowledge sharing added successfully.');
      await waitForOutbox(s.page, 1);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0, 60_000);
      const res = await apiPost<{ items: Lesson[] }>(token, 'v1/KnowledgeShare/List', { search: title });
      const lessons = res.data.items.filter((l) => l.title === title);
      assert.equal(lessons.length, 1, 'the lesson exists once on the server');
      assert.equal(lessons[0]!.attachments.length, 2);
      assert.ok(
        lessons[0]!.attachments.every((a) => a.startsWith('/files/')),
        'both files were uploaded first',
      );
      assert.match(lessons[0]!.attachments[0]!, /near-miss\.pdf$/, 'attachments keep their order');
      const session = await fetch(new URL('/api/v1/Login/Session', baseUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      const me = ((await session.json()) as { data: { userID: string } }).data.userID;
      assert.equal(lessons[0]!.authorId, me, 'the author is the signed-in admin');
    } finally {
      await s.close();
    }
  });
});
