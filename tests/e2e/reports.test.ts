// Reports and the dashboard over the demo's seeded history: the dashboard in Thai and Myanmar at
// 1280 and 375 px (charts drawn, nothing wider than the screen); a report exported to .xlsx and
// read back with SheetJS (filter lines, real dates, real numbers); offline, the last answer kept
// on the device shown with the time of its figures.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { read, utils } from '@e965/xlsx';
import type { Page } from 'playwright-core';
import {
  downloadedBytes,
  goOffline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';

const SHOTS = process.env.E2E_SHOTS; // a folder for screenshots while working on the layout

const overflow = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });

describe('the dashboard', () => {
  for (const locale of ['th', 'my']) {
    for (const width of [1280, 375]) {
      it(`draws its charts in ${locale} at ${width} px without sideways scrolling`, async () => {
        const s = await openBrowser({ width, height: 900 });
        try {
          await signIn(s.page, 'DEMO', 'admin', 'Admin@1234', locale);
          await s.page.goto('/dashboard');
          await s.page.getByTestId('stat-total-views').waitFor({ timeout: 30_000 });
          // Every chart widget draws an SVG once nivo has loaded (the seed has 60 days of views).
          for (const id of [
            'top-contents',
            'days',
            'top-users',
            'course-status',
            'top-courses',
            'top-departments',
          ]) {
            const chart = s.page.getByTestId(`widget-${id}`).locator('[data-testid=chart] svg');
            await chart.first().waitFor({ timeout: 20_000 });
            const box = await chart.first().boundingBox();
            assert.ok(
              box && box.width > 100 && box.height > 100,
              `${id}: the chart is ${JSON.stringify(box)}`,
            );
          }
          const views = await s.page.getByTestId('stat-total-views').innerText();
          assert.match(views, /\d/, 'the total of views is shown');
          // The days widget: a calendar heat map on a wide screen, a line on a phone; the top days listed.
          const days = s.page.getByTestId('widget-days');
          assert.equal(await days.getByTestId('top-days').locator('li').count(), 5);
          // The same figures as a table for screen readers (and on demand).
          assert.ok((await days.locator('table tbody tr').count()) >= 30);
          await s.page.waitForTimeout(300); // nivo measures its box once more after the first paint
          if (SHOTS)
            await s.page.screenshot({ path: `${SHOTS}/dashboard-${locale}-${width}.png`, fullPage: true });
          assert.ok(
            (await overflow(s.page)) <= 0,
            `the dashboard scrolls sideways by ${await overflow(s.page)} px`,
          );
          await s.page.getByTestId('widget-top-users').getByRole('button', { pressed: false }).click();
          await s.page.getByTestId('widget-top-users').locator('table').waitFor();
          assert.ok((await overflow(s.page)) <= 0, 'the table alternative scrolls the page sideways');
        } finally {
          await s.close();
        }
      });
    }
  }
});

const REPORT_PATHS = {
  'user-activity': 'UserActivity',
  'user-course-status-report': 'UserCourseStatus',
  'by-type-of-knowledge': 'ByTypeOfKnowledge',
  'by-type-of-content': 'ByTypeOfContent',
  'content-viewing': 'ContentViewing',
  'requested-user': 'RequestedUser',
  'assignment-course': 'AssignmentCourse',
};

describe('the seven reports', () => {
  let s: Session;
  after(() => s?.close());

  it('each opens from the drawer with its rows, sorts by a header and keeps the key column whole', async () => {
    s = await openBrowser({ width: 1280, height: 900 });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    for (const [path, name] of Object.entries(REPORT_PATHS)) {
      await s.page.getByTestId('nav-drawer').locator(`a[href="/report/${path}"]`).click();
      await s.page.waitForURL(`**/report/${path}`);
      // The page of THIS report (the previous one may still be on screen for a moment).
      const page = s.page.locator(`[data-testid=report-page][data-report=${name}]`);
      await page
        .locator('[data-testid=report-result], [data-testid=report-empty], [role=alert]')
        .first()
        .waitFor({ timeout: 30_000 });
      assert.equal(
        await page.getByRole('alert').count(),
        0,
        `${path}: ${await page.getByRole('alert').allInnerTexts()}`,
      );
      const rows = page.getByTestId('report-row');
      assert.ok((await rows.count()) > 0, `${path}: no rows over the seeded history`);
      const cut = await rows.evaluateAll((trs) =>
        trs.flatMap((tr) =>
          [...tr.querySelectorAll('td')]
            .filter((td) => td.style.whiteSpace === 'nowrap' || getComputedStyle(td).whiteSpace === 'nowrap')
            .filter((td) => td.scrollWidth > td.clientWidth + 1)
            .map((td) => td.textContent),
        ),
      );
      assert.deepEqual(cut, [], `${path}: cut cells`);
      // Sorting by the first sortable header (a word column, not the default sort) asks the
      // server again, A to Z, and marks that header.
      const header = page.locator('th[aria-sort]').first();
      assert.equal(await header.getAttribute('aria-sort'), 'none', `${path}: first column already sorted`);
      const asked = s.page.waitForRequest((r) => r.url().endsWith(`/api/v1/Report/${name}`));
      await header.getByRole('button').focus();
      await s.page.keyboard.press('Enter');
      assert.equal(JSON.parse((await asked).postData() ?? '{}').order, 'asc');
      await page.locator('th[aria-sort=ascending]').waitFor();
      assert.equal(await page.locator('th[aria-sort=ascending]').innerText(), await header.innerText());
    }
    // The sort is in the page's address: a reload shows the report in the same order.
    const sorted = await s.page.locator('th[aria-sort=ascending]').innerText();
    assert.match(new URL(s.page.url()).search, /sort=\w+&order=asc/);
    await s.page.reload();
    await s.page.locator('th[aria-sort=ascending]').waitFor({ timeout: 30_000 });
    assert.equal(await s.page.locator('th[aria-sort=ascending]').innerText(), sorted);
  });

  it('shows cards within a 375 px screen', async () => {
    await s.page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['user-activity', 'content-viewing', 'assignment-course']) {
      await s.page.goto(`/report/${path}`);
      await s.page.getByTestId('report-card').first().waitFor({ timeout: 30_000 });
      assert.equal(await s.page.getByTestId('report-row').count(), 0);
      assert.ok((await overflow(s.page)) <= 0, `${path} scrolls sideways by ${await overflow(s.page)} px`);
      if (SHOTS) await s.page.screenshot({ path: `${SHOTS}/${path}-375.png`, fullPage: true });
    }
  });
});

describe('a report', () => {
  let s: Session;
  after(() => s?.close());

  it('exports every filtered row to .xlsx with its filter lines, real dates and real numbers', async () => {
    s = await openBrowser({ width: 1280, height: 900 });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    // A search typed and a user state chosen are kept in the page's address through a reload.
    await s.page.goto('/report/user-activity');
    await s.page.getByTestId('report-row').first().waitFor({ timeout: 30_000 });
    await s.page.getByLabel('Search').pressSequentially('som');
    await s.page.getByLabel('User state').selectOption('active');
    await s.page.waitForURL(/q=som/);
    await s.page.reload();
    assert.equal(await s.page.getByLabel('Search').inputValue(), 'som');
    assert.equal(await s.page.getByLabel('User state').inputValue(), 'active');
    await s.page.goto('/report/user-activity');
    const rows = s.page.getByTestId('report-row');
    await rows.first().waitFor({ timeout: 30_000 });
    await s.page.getByTestId('report-totals').waitFor();
    if (SHOTS) await s.page.screenshot({ path: `${SHOTS}/user-activity-1280.png`, fullPage: true });
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const book = read(await downloadedBytes(download), { type: 'buffer', cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const lines = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    assert.deepEqual(lines[0], ['User activity']);
    const line = (label: string) => lines.findIndex((l) => l[0] === label);
    for (const label of ['From', 'To', 'Time zone', 'Department or group', 'User state', 'Search', 'As of'])
      assert.ok(line(label) > 0, `no "${label}" line`);
    assert.equal(sheet[`B${line('From') + 1}`]?.t, 'd', 'the start of the range is a date cell');
    assert.equal(sheet[`B${line('As of') + 1}`]?.t, 'd', 'the time of the figures is a date cell');
    assert.equal(lines[line('Department or group')]?.[1], 'All');
    const headerAt = line('Employee ID');
    const header = lines[headerAt] as string[];
    const viewsCol = utils.encode_col(header.indexOf('Views'));
    const lastCol = utils.encode_col(header.indexOf('Last viewed'));
    const body = lines.slice(headerAt + 1).filter((l) => l[0] !== 'Total');
    assert.ok(body.length >= 1);
    const cells = body.map((_, i) => headerAt + 2 + i);
    assert.ok(
      cells.every((r) => sheet[`${viewsCol}${r}`]?.t === 'n'),
      'views are numbers',
    );
    const dated = cells.filter((r) => sheet[`${lastCol}${r}`]);
    assert.ok(dated.length > 0, 'someone viewed something in the last 30 days');
    assert.ok(
      dated.every((r) => sheet[`${lastCol}${r}`]?.t === 'd'),
      'last viewed times are date cells',
    );
    const total = lines.at(-1)!;
    assert.equal(total[0], 'Total');
    const sum = body.reduce((n, l) => n + Number(l[header.indexOf('Views')]), 0);
    assert.equal(total[header.indexOf('Views')], sum, 'the totals line sums every exported row');
  });

  it('shows the last answer, kept on the device, with the time of its figures when offline', async () => {
    const answer = s.page.waitForResponse((r) => r.url().endsWith('/api/v1/Report/UserActivity'));
    await s.page.reload();
    const { data } = (await (await answer).json()) as { data: { asOf: string } };
    const rows = s.page.getByTestId('report-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const online = await rows.allInnerTexts();
    await s.page.waitForTimeout(500); // the answer is written to IndexedDB after it is shown

    await goOffline(s.context);
    await s.page.reload(); // the service worker serves the console; the figures come from IndexedDB
    const notice = s.page.getByTestId('as-of-notice');
    await notice.waitFor({ timeout: 30_000 });
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(data.asOf),
    );
    assert.equal(await notice.innerText(), `You are offline. These figures are as of ${when}.`);
    assert.deepEqual(await rows.allInnerTexts(), online);
    assert.equal(await s.page.getByRole('button', { name: 'Export to Excel' }).isDisabled(), true);
  });

  it('shows the dashboard last seen online, with its time, when offline', async () => {
    const s2 = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(s2.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s2.page);
      const answer = s2.page.waitForResponse((r) => r.url().endsWith('/api/v1/Report/Dashboard'));
      await s2.page.goto('/dashboard');
      const { data } = (await (await answer).json()) as { data: { asOf: string; totalViews: number } };
      await s2.page.getByTestId('stat-total-views').waitFor({ timeout: 30_000 });
      await s2.page.waitForTimeout(500); // the answer is written to IndexedDB after it is shown
      await goOffline(s2.context);
      await s2.page.reload();
      const notice = s2.page.getByTestId('as-of-notice');
      await notice.waitFor({ timeout: 30_000 });
      const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(data.asOf),
      );
      assert.equal(await notice.innerText(), `You are offline. These figures are as of ${when}.`);
      const total = await s2.page.getByTestId('stat-total-views').innerText();
      assert.ok(total.includes(data.totalViews.toLocaleString('en')), `total views: ${total}`);
      // Each widget still reads, as a chart or (chart code not stored yet) as its table.
      const widget = s2.page.getByTestId('widget-top-users');
      await widget.locator('[data-testid=chart] svg, table').first().waitFor();
    } finally {
      await s2.close();
    }
  });
});
