// The skill chart on a 375 px phone, offline: a sub-topic with its criteria and a required level
// defined in the tabs, two people assessed from their cards, all kept on the device while the cards
// recolour at once; once online each change reaches the server once, in order.
// At 1280 px the matrix shows the same gaps, and its Excel export says them too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { read, utils } from '@e965/xlsx';
import type { Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  downloadedBytes,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, unique, waitForOutbox } from './resource-ui.ts';

type Row = { id: string } & Record<string, unknown>;

async function create(token: string, resource: string, fields: Record<string, unknown>) {
  const id = crypto.randomUUID();
  const res = await apiPost<Row>(token, `v1/${resource}/Create`, { id, ...fields });
  if (res.httpStatus !== 200)
    throw new Error(`${resource}/Create answered ${res.httpStatus}: ${res.message}`);
  return id;
}
async function list(token: string, resource: string) {
  const res = await apiPost<{ items: Row[] }>(token, `v1/${resource}/List`, { page: 1, per_page: 500 });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}
async function waitForLocal(page: Page, store: string, match: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await localRows(page, store)).some(match)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no matching row reached the local ${store} table`);
}
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the skill chart', () => {
  it('assesses two people offline at 375 px, syncs once, and shows and exports the gaps', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const [first, second] = (await list(token, 'User')).filter(
      (u) => u.username !== 'admin' && u.username !== 'trainer',
    );
    assert.ok(first && second, 'two demo people');
    const nameOf = (u: Row) => `${u.firstName} ${u.lastName}`;
    const sectionId = await create(token, 'Section', { name: unique('Paint shop') });
    const positionName = unique('Painter');
    const positionId = await create(token, 'Position', {
      name: positionName,
      sectionId,
      holderIds: [first.id, second.id],
    });
    const mainName = unique('Painting');
    const mainId = await create(token, 'Skill', { name: mainName });
    const spraying = unique('Spraying');
    const masking = unique('Masking');
    const sprayingId = await create(token, 'Skill', {
      name: spraying,
      parentId: mainId,
      criteria2: 'Sprays a panel to spec without runs.',
    });
    await create(token, 'SkillRequirement', { positionId, skillId: sprayingId, level: 2 });

    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/trainingroadmap/skillchart');
      await waitForLocal(s.page, 'SkillRequirement', (r) => r.skillId === sprayingId);
      await waitForLocal(s.page, 'Skill', (r) => r.name === mainName);
      await goOffline(s.context);

      // A second sub-topic with what level 3 means, and the level the painters need in it.
      await s.page.getByRole('tab', { name: 'Skills' }).click();
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      let form = s.page.getByRole('dialog');
      await form.getByLabel(/^Name\*?$/).fill(masking);
      await form.getByLabel(/^Main topic\*?$/).selectOption({ label: mainName });
      await form.getByLabel(/^Level 3\*?$/).fill('Masks any part alone.');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Skill added successfully.');
      await s.page.getByRole('tab', { name: 'Required levels' }).click();
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      form = s.page.getByRole('dialog');
      await form.getByLabel(/^Position\*?$/).selectOption({ label: positionName });
      await form.getByLabel(/^Skill\*?$/).selectOption({ label: masking });
      await form.getByLabel(/^Required level\*?$/).fill('3');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Required level added successfully.');
      const maskingId = String((await localRows(s.page, 'Skill')).find((r) => r.name === masking)?.id);

      await s.page.getByRole('tab', { name: 'Skill chart' }).click();
      await s.page.getByTestId('matrix-position').selectOption({ label: positionName });
      // The two painters only, once the filter has applied.
      await s.page.waitForFunction(
        () => document.querySelectorAll('[data-testid="skill-card"]').length === 2,
      );

      const gapButton = (person: Row, skill: string) =>
        s.page
          .getByTestId('skill-card')
          .filter({ hasText: nameOf(person) })
          .getByRole('button', { name: new RegExp(skill) });
      assert.equal(await gapButton(first, spraying).getAttribute('data-gap'), 'notAssessed');
      assert.equal(await gapButton(second, masking).getAttribute('data-gap'), 'notAssessed');

      // The first person reaches the level required; the second stays below.
      await gapButton(first, spraying).click();
      let dialog = s.page.getByTestId('assess-dialog');
      await dialog.getByText('Sprays a panel to spec without runs.').waitFor();
      await dialog.getByTestId('assess-level-2').check();
      await dialog.getByTestId('assess-save').click();
      await expectToast(s.page, 'Assessment saved successfully.');
      await gapButton(second, masking).click();
      dialog = s.page.getByTestId('assess-dialog');
      await dialog.getByTestId('assess-level-1').check();
      // A re-assessment date before the assessment is refused on the device, in words.
      await dialog.getByTestId('assess-due').fill('2000-01-01');
      await dialog.getByTestId('assess-save').click();
      await dialog.getByText('The re-assessment date must be after the assessment date.').waitFor();
      await dialog.getByTestId('assess-due').fill('2099-01-01');
      await dialog.getByTestId('assess-save').click();
      await expectToast(s.page, 'Assessment saved successfully.');

      assert.equal(await gapButton(first, spraying).count(), 0, 'a met skill leaves the gaps of the card');
      assert.equal(await gapButton(second, masking).getAttribute('data-gap'), 'below');
      assert.ok((await overflow(s.page)) <= 0, 'the skill chart overflows the 375 px screen');
      await waitForOutbox(s.page, 4);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);
      const mine = (await list(token, 'SkillAssessment')).filter(
        (a) => a.skillId === sprayingId || a.skillId === maskingId,
      );
      assert.deepEqual(
        mine.map((a) => [a.userId, a.skillId, a.level]).sort(),
        [
          [first.id, sprayingId, 2],
          [second.id, maskingId, 1],
        ].sort(),
        'each assessment reached the server once',
      );
      const skills = (await list(token, 'Skill')).filter((k) => k.name === masking);
      assert.deepEqual(
        skills.map((k) => [k.id, k.parentId, k.criteria3]),
        [[maskingId, mainId, 'Masks any part alone.']],
      );
      const required = (await list(token, 'SkillRequirement')).filter((r) => r.skillId === maskingId);
      assert.deepEqual(
        required.map((r) => [r.positionId, r.level]),
        [[positionId, 3]],
      );

      // The same chart on a desktop screen: the cells are painted, and one of them at a time is a
      // focusable grid cell that the keyboard moves (Tab enters the grid, arrows move, Enter assesses).
      await s.page.setViewportSize({ width: 1280, height: 800 });
      const grid = s.page.getByRole('grid', { name: 'Skill chart' });
      await grid.waitFor();
      await s.page.getByRole('button', { name: 'Print' }).focus();
      await s.page.keyboard.press('Tab');
      const focused = s.page.locator('[role="gridcell"]:focus');
      const label = async () => String(await focused.getAttribute('aria-label'));
      const people = [first, second].map(nameOf).sort((a, b) => a.localeCompare(b));
      assert.ok((await label()).startsWith(`${people[0]}, `), 'Tab enters the grid on its first cell');
      /** Moves the focus to a person's cell of a skill by keyboard alone; returns its gap. */
      const cell = async (person: Row, skill: string) => {
        await s.page.keyboard.press('Control+Home');
        for (let i = 0; i < 5 && !(await label()).startsWith(`${nameOf(person)}, `); i++)
          await s.page.keyboard.press('ArrowDown');
        for (let i = 0; i < 200 && !(await label()).startsWith(`${nameOf(person)}, ${skill}, `); i++)
          await s.page.keyboard.press('ArrowRight');
        assert.ok((await label()).startsWith(`${nameOf(person)}, ${skill}, `), `${nameOf(person)} ${skill}`);
        return focused.getAttribute('data-gap');
      };
      /** The canvas's colour under the focused cell, and the colour of that gap in the legend's palette. */
      const colours = () =>
        s.page.evaluate(() => {
          const at = document.querySelector<HTMLElement>('[role="gridcell"]:focus')!.getBoundingClientRect();
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="skill-matrix-canvas"]')!;
          const box = canvas.getBoundingClientRect();
          const ratio = canvas.width / box.width;
          const [r, g, b] = canvas
            .getContext('2d')!
            .getImageData(
              Math.round((at.left - box.left + 4) * ratio),
              Math.round((at.top - box.top + 4) * ratio),
              1,
              1,
            ).data;
          const cell = document.querySelector<HTMLElement>('[role="gridcell"]:focus')!;
          return { painted: `rgb(${r}, ${g}, ${b})`, gap: getComputedStyle(cell).backgroundColor };
        });
      assert.equal(await cell(first, spraying), 'meets');
      let c = await colours();
      assert.equal(c.painted, c.gap, 'the canvas paints the cell in its gap colour');
      assert.equal(await cell(first, masking), 'notAssessed');
      assert.equal(await cell(second, masking), 'below');
      c = await colours();
      assert.equal(c.painted, c.gap, 'the canvas paints the cell in its gap colour');
      assert.notEqual(c.painted, 'rgb(255, 255, 255)');
      assert.equal(await cell(second, spraying), 'notAssessed');

      // Enter assesses the focused cell; closing the dialog gives the focus back to it.
      await s.page.keyboard.press('Enter');
      dialog = s.page.getByTestId('assess-dialog');
      await dialog.getByText(`${nameOf(second)} · ${spraying}`).waitFor();
      await s.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.ok(
        (await label()).startsWith(`${nameOf(second)}, ${spraying}, `),
        'the focus is back on the cell',
      );

      // A click on a painted cell assesses that cell: the first person's masking, found by its place.
      await cell(first, masking);
      const box = (await focused.boundingBox())!;
      // The focus leaves it for the other person's row (all rows are in view, nothing scrolls).
      await s.page.keyboard.press(people[0] === nameOf(first) ? 'ArrowDown' : 'ArrowUp');
      assert.ok((await label()).startsWith(`${nameOf(second)}, ${masking}, `));
      await s.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      dialog = s.page.getByTestId('assess-dialog');
      await dialog.getByText(`${nameOf(first)} · ${masking}`).waitFor();
      await s.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      const [download] = await Promise.all([
        s.page.waitForEvent('download'),
        s.page.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      const book = read(await downloadedBytes(download), { type: 'buffer', cellDates: true });
      const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
        raw: true,
      });
      assert.ok(rows[0]![1] instanceof Date, 'the export is dated with a date cell');
      const header = rows.find((r) => r[0] === 'Employee ID') as string[];
      const row = (person: Row) => rows.find((r) => r[1] === nameOf(person)) as string[];
      const col = (skill: string) => header.findIndex((h) => String(h).endsWith(skill));
      assert.equal(row(first)[col(spraying)], '✓ 2/2 Meets');
      assert.equal(row(second)[col(masking)], '✗ 1/3 Below');
      assert.equal(row(second)[col(spraying)], '? –/2 Not assessed');
      assert.equal(typeof row(first)[3], 'number', 'the gaps column is a number');
    } finally {
      await s.close();
    }
  });
});
