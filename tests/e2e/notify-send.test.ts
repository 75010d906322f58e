// Sending a notification to a group on a 375 px phone screen: the form, the history's per-channel
// counts once the server's queue delivered it, and the members' inbox rows and e-mails.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiPost, apiToken, baseUrl, expectToast, openBrowser, signIn } from './browser.ts';
import { unique } from './resource-ui.ts';

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('send notification at 375 px', () => {
  it('sends to a group on inbox and e-mail; the history counts the deliveries', async () => {
    const title = unique('Safety day');
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto('/notification-page');
      const form = s.page.getByRole('form', { name: 'Send notification' });
      await form.waitFor();
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Message').fill('Bring your helmet.');
      await form.locator('select[name="audience"]').selectOption('departments');
      await form.getByText('Production', { exact: true }).click();
      await form.getByText('E-mail', { exact: true }).click();
      assert.ok(await form.getByRole('checkbox', { name: 'Production' }).isChecked());
      assert.ok(!(await form.getByRole('checkbox', { name: 'Human Resources' }).isChecked()));
      assert.ok(await form.getByRole('checkbox', { name: 'Inbox' }).isChecked());
      assert.ok((await overflow(s.page)) <= 0, 'the send form overflows the 375 px screen');
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await expectToast(s.page, 'Notification sent.');

      const card = s.page.getByTestId('sent-notification').filter({ hasText: title });
      await card.getByText('Done').waitFor({ timeout: 30_000 });
      const inbox = await card.locator('[data-channel="inbox"]').innerText();
      const sent = Number(/(\d+) sent/.exec(inbox)?.[1]);
      assert.ok(sent >= 2, `inbox sent count: ${inbox}`);
      assert.match(inbox, /0 queued · 0 failed/);
      assert.match(await card.locator('[data-channel="email"]').innerText(), new RegExp(`${sent} sent`));
      assert.ok((await overflow(s.page)) <= 0, 'the history overflows the 375 px screen');

      const learner = await apiToken('DEMO', 'nattapong', 'Demo@1234');
      const me = (await (
        await fetch(`${baseUrl}/api/v1/Login/Session`, { headers: { authorization: `Bearer ${learner}` } })
      ).json()) as { data: { userID: string; companyID: string } };
      const list = await apiPost<{ items: { title: string }[] }>(
        learner,
        'v3/Notification/GetNotificationFromWeb',
        {
          userId: me.data.userID,
          companyId: me.data.companyID,
        },
      );
      assert.equal(list.data.items.filter((n) => n.title === title).length, 1);
      const mailDir = join(String(process.env.E2E_DATA_DIR), 'mail');
      const mails = readdirSync(mailDir).filter((f) =>
        readFileSync(join(mailDir, f), 'utf8').includes(title),
      );
      assert.equal(mails.length, sent);
    } finally {
      await s.close();
    }
  });
});
