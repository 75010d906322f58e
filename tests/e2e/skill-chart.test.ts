// The skill chart on a 375 px phone, offline: a sub-topic with its criteria and a required level
// defined in the tabs, two people assessed from their cards, all kept on the device while the cards
// recolour at once; once online each change reaches the server once, in order.
// At 1280 px the matrix shows the same gaps, and its Excel export says them too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { read, utils } from '@e965/xlsx';
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

      // The same chart on a desktop screen, and its export.
      await s.page.setViewportSize({ width: 1280, height: 800 });
      const cell = (person: Row, skill: string) =>
        s.page
          .getByTestId('skill-matrix')
          .getByRole('button', { name: new RegExp(`^${nameOf(person)}, .*${skill}`) });
      await cell(first, spraying).waitFor();
      assert.equal(await cell(first, spraying).getAttribute('data-gap'), 'meets');
      assert.equal(await cell(first, masking).getAttribute('data-gap'), 'notAssessed');
      assert.equal(await cell(second, masking).getAttribute('data-gap'), 'below');
      assert.equal(await cell(second, spraying).getAttribute('data-gap'), 'notAssessed');
      const [download] = await Promise.all([
        s.page.waitForEvent('download'),
        s.page.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      const book = read(readFileSync((await download.path())!), { type: 'buffer', cellDates: true });
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
