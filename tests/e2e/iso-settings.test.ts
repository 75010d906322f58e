// Training roadmap settings on a 375 px phone, offline: a section and a position in it stay on the
// device, and once online each reaches the server once, the position naming the section.
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
import { localRows, unique, waitForOutbox } from './resource-ui.ts';

async function list<T>(token: string, resource: string, search: string) {
  const res = await apiPost<{ items: T[] }>(token, `v1/${resource}/List`, { page: 1, per_page: 50, search });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

async function waitForLocal(page: Page, store: string, match: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const row = (await localRows(page, store)).find(match);
    if (row) return row;
    await page.waitForTimeout(250);
  }
  throw new Error(`no matching row reached the local ${store} table`);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('training roadmap settings offline at 375 px', () => {
  it('adds a section and a position in it offline; both sync once', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const sectionName = unique('Warehouse');
    const positionName = unique('Forklift driver');
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/trainingroadmap/settingsection');
      await s.page.getByTestId('app-shell').waitFor();
      await waitForLocal(s.page, 'Section', (r) => r.name === 'Production');
      await waitForLocal(s.page, 'Position', () => true);
      await goOffline(s.context);

      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      let form = s.page.getByRole('dialog');
      await form.getByLabel(/^Name\*?$/).fill(sectionName);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Section added successfully.');
      const section = await waitForLocal(s.page, 'Section', (r) => r.name === sectionName);
      assert.ok((await overflow(s.page)) <= 0, 'the section list overflows the 375 px screen');

      await s.page.evaluate(() => {
        window.history.pushState({}, '', '/trainingroadmap/settingposition');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await s.page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      form = s.page.getByRole('dialog');
      await form.getByLabel(/^Name\*?$/).fill(positionName);
      await form.getByLabel(/^Section\*?$/).selectOption({ label: sectionName });
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Position added successfully.');
      assert.ok((await overflow(s.page)) <= 0, 'the position list overflows the 375 px screen');

      await waitForOutbox(s.page, 2);
      assert.equal((await list(token, 'Section', sectionName)).length, 0);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);
      const sections = await list<{ id: string }>(token, 'Section', sectionName);
      const positions = await list<{ sectionId: string }>(token, 'Position', positionName);
      assert.equal(sections.length, 1, `${sections.length} sections`);
      assert.equal(positions.length, 1, `${positions.length} positions`);
      assert.equal(positions[0].sectionId, section.id);
    } finally {
      await s.close();
    }
  });
});
