import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
import { waitForOutbox } from './resource-ui.ts';

type User = { id: string; username: string; employeeId: string };

describe('people and access', () => {
  it('adds a user offline at 375 px; it syncs once and the password never sits in the list rows', async () => {
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      const token = await apiToken('DEMO', 'admin', 'Admin@1234');
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/user-management');
      await s.page.getByTestId('app-shell').waitFor();
      const stamp = Date.now().toString().slice(-7);
      const username = `offline.${stamp}`;
      await goOffline(s.context);
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = s.page.getByRole('dialog');
      await form.getByLabel('Employee ID').fill(`E${stamp}`);
      await form.getByLabel('First name').fill('Napat');
      await form.getByLabel('Last name').fill('Srisuk');
      await form.getByLabel('E-mail').fill(`napat.${stamp}@demo.example`);
      await form.getByLabel('Telephone').fill('081234');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Password').fill('Welcome#2026');
      await form.getByLabel('Role').selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form.getByText('Telephone must have at least 10 digits.').waitFor();
      await form.getByLabel('Telephone').fill('0812345678');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'User added successfully.');
      const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `overflows by ${overflow} px`);
      const stored = await s.page.evaluate(async () => {
        const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('console:'))?.name ?? '';
        const db = await new Promise<IDBDatabase>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => resolve(req.result);
        });
        const rows = await new Promise<Record<string, unknown>[]>((resolve) => {
          const req = db.transaction('User').objectStore('User').getAll();
          req.onsuccess = () => resolve(req.result);
        });
        db.close();
        return JSON.stringify(rows);
      });
      assert.ok(stored.includes(username), 'the new user is not in the local list');
      assert.ok(!stored.includes('Welcome#2026'), 'the password is stored in the list rows');
      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);
      const found = await apiPost<{ items: User[] }>(token, 'v1/User/List', {
        page: 1,
        per_page: 10,
        search: username,
      });
      assert.equal(found.data.items.length, 1);
      assert.ok(!JSON.stringify(found.data).includes('Welcome#2026'));
      const newUser = await apiToken('DEMO', username, 'Welcome#2026');
      assert.ok(newUser, 'the new user cannot sign in with the password the admin set');
    } finally {
      await s.close();
    }
  });

  it('keeps the trainer out of user management and company profile', async () => {
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'trainer', 'Trainer@1234');
      for (const path of ['/user-management', '/company-profile']) {
        await s.page.goto(path);
        await s.page.getByTestId('app-shell').waitFor();
        await s.page.waitForTimeout(500);
        assert.equal(await s.page.getByRole('button', { name: 'Add', exact: true }).count(), 0, path);
        assert.equal(await s.page.getByRole('button', { name: 'Save', exact: true }).count(), 0, path);
      }
    } finally {
      await s.close();
    }
  });

  it('shows employee IDs and names whole at 1280 px, the other columns giving way', async () => {
    const s = await openBrowser({ width: 1280, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto('/user-management');
      await s.page.getByTestId('resource-row').first().waitFor();
      // Sorted by first name, then by last name, descending: the rows drawn differ each time.
      const cutKeys = () =>
        s.page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="resource-row"]')].flatMap((row) =>
            [2, 3, 4]
              .map((n) => row.querySelector(`:scope > :nth-child(${n}) p`))
              .filter((p): p is HTMLElement => !!p && p.scrollWidth > p.clientWidth + 1)
              .map((p) => p.textContent),
          ),
        );
      const headers = s.page.getByRole('columnheader');
      for (const sort of [null, 'First name', 'Last name']) {
        if (sort) {
          await headers.filter({ hasText: sort }).getByRole('button').click();
          await headers.filter({ hasText: sort }).getByRole('button').click();
        }
        assert.deepEqual(await cutKeys(), [], `key columns cut (sorted by ${sort ?? 'employee ID'})`);
      }
      const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `overflows by ${overflow} px`);
    } finally {
      await s.close();
    }
  });
});
