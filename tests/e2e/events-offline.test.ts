// An event and its participants (a group and a user, with attendance), all made offline on a
// 375 px phone screen: they stay on the device, and once online each reaches the server once.
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

async function list<T>(token: string, resource: string, body: Record<string, unknown>) {
  const res = await apiPost<{ items: T[] }>(token, `v1/${resource}/List`, { page: 1, per_page: 50, ...body });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

async function waitForLocal(page: Page, store: string, match: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const rows = await localRows(page, store);
    const row = rows.find(match);
    if (row) return row;
    await page.waitForTimeout(250);
  }
  throw new Error(`no matching row reached the local ${store} table`);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** In-app navigation (no page load), as a click on a link does. */
const navigate = (page: Page, path: string) =>
  page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describe('events offline at 375 px', () => {
  it('creates a weekly event, adds a group and a user, marks attendance; all sync once', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const name = unique('Toolbox talk');
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/home/event');
      await s.page.getByTestId('app-shell').waitFor();
      const kanya = await waitForLocal(s.page, 'User', (r) => r.username === 'kanya');
      const production = await waitForLocal(s.page, 'Department', (r) => r.name === 'Production');
      await waitForLocal(s.page, 'Event', () => true);
      await goOffline(s.context);

      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = s.page.getByRole('dialog');
      await form.getByLabel('Event name').fill(name);
      await form.getByLabel('Location').fill('Workshop 1');
      await form.getByLabel('Start').fill('2031-03-03T09:00');
      await form.getByLabel('End').fill('2031-03-03T10:00');
      await form.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Weekly' });
      await form.getByLabel('Repeat until').fill('2031-03-24');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Event added successfully.');
      const event = await waitForLocal(s.page, 'Event', (r) => r.name === name);
      assert.ok((await overflow(s.page)) <= 0, 'the event list overflows the 375 px screen');

      // The preview lists the four weekly dates a learner will see, before the server has the rule.
      await navigate(s.page, `/home/event/preview/${event.id}`);
      await s.page.getByTestId('event-dates').waitFor();
      assert.equal(await s.page.getByTestId('event-date').count(), 4);
      assert.ok((await overflow(s.page)) <= 0, 'the event preview overflows the 375 px screen');

      await navigate(s.page, `/home/event/participant/${event.id}`);
      await s.page.getByTestId('participants-empty').waitFor();
      const choice = s.page.getByTestId('participant-choice');
      await choice.selectOption(`d:${production.id}`);
      await s.page.getByTestId('participant-add').click();
      await expectToast(s.page, 'Participant added successfully.');
      await choice.selectOption(`u:${kanya.id}`);
      await s.page.getByTestId('participant-add').click();
      await s.page.getByTestId('participant-row').nth(1).waitFor();
      await s.page
        .getByTestId('participant-row')
        .filter({ hasText: 'Kanya' })
        .locator('[data-part="control"]')
        .click();
      await expectToast(s.page, 'Attendance saved.');
      assert.ok((await overflow(s.page)) <= 0, 'the participant page overflows the 375 px screen');

      // Four changes wait on the device; none reached the server.
      await waitForOutbox(s.page, 4);
      assert.equal((await list(token, 'Event', { search: name })).length, 0);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);

      const events = await list<{ id: string; rrule: string }>(token, 'Event', { search: name });
      assert.equal(events.length, 1, `${events.length} events named ${name}`);
      assert.match(events[0].rrule, /FREQ=WEEKLY/);
      const parts = await list<{ userId: string | null; departmentId: string | null; attended: boolean }>(
        token,
        'EventParticipant',
        { filters: { eventId: events[0].id } },
      );
      assert.equal(parts.length, 2, `${parts.length} participants`);
      assert.deepEqual(
        parts.map((p) => [p.userId ?? p.departmentId, p.attended]).sort(),
        [
          [kanya.id, true],
          [production.id, false],
        ].sort(),
      );
    } finally {
      await s.close();
    }
  });
});
