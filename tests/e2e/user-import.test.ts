// The Excel import of users at /user-management/import, end to end in Chromium: a real .xlsx
// picked through the page's file input, the preview (counts, failing rows and why), the import
// itself (progress, then the report), and what the server ends up holding, online and offline.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { utils, write } from '@e965/xlsx';
import type { Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  goOffline,
  goOnline,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, outboxCount, waitForOutbox } from './resource-ui.ts';

const IMPORT_PATH = '/user-management/import';
// The template's header row (src/features/user-import/import-columns.ts, IMPORT_COLUMNS).
const HEADER = [
  'Employee ID',
  'Prefix',
  'First name',
  'Last name',
  'E-mail',
  'Telephone',
  'Username',
  'Password',
  'Gender',
  'Department',
  'Role',
];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type User = {
  id: string;
  employeeId: string;
  username: string;
  firstName: string;
  roleId: string;
  departmentId: string | null;
};
type Named = { id: string; name: string };

/** A real .xlsx workbook (one sheet: the header, then `rows`), as the file input receives it. */
function workbook(name: string, rows: string[][]) {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([HEADER, ...rows]), 'Users');
  const buffer = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name, mimeType: XLSX_MIME, buffer };
}

/** One template row; `over` replaces cells by header. */
function row(id: string, username: string, over: Partial<Record<(typeof HEADER)[number], string>> = {}) {
  const cells: Record<string, string> = {
    'Employee ID': id,
    Prefix: 'Mr.',
    'First name': 'Anan',
    'Last name': `Import ${username}`,
    'E-mail': `${username}@demo.example`,
    Telephone: '0812345678',
    Username: username,
    Password: 'Welcome#2026',
    Gender: 'male',
    Department: 'Production',
    Role: 'Employee',
    ...over,
  };
  return HEADER.map((h) => cells[h] ?? '');
}

const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function serverUsers(token: string, search: string) {
  const res = await apiPost<{ items: User[] }>(token, 'v1/User/List', { page: 1, per_page: 100, search });
  if (res.httpStatus !== 200) throw new Error(`User/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

async function byName(token: string, resource: 'Role' | 'Department', name: string) {
  const res = await apiPost<{ items: Named[] }>(token, `v1/${resource}/List`, {
    page: 1,
    per_page: 50,
    search: name,
  });
  const found = res.data.items.find((r) => r.name === name);
  if (!found) throw new Error(`no ${resource} named ${name}`);
  return found.id;
}

/** Waits until the console's own copy of the users (IndexedDB) has this employee ID. */
async function waitForLocalUser(page: Page, employeeId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await localRows(page, 'User', ['employeeId']);
    if (rows.some((r) => r.employeeId === employeeId)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${employeeId} never reached the local User table`);
}

/** Usernames found on the server for `search`, sorted (a duplicate shows up twice). */
const serverUsernames = async (token: string, search: string) =>
  (await serverUsers(token, search)).map((u) => u.username).sort();

/** Texts of the failing rows in the preview, keyed by their "Row N" number. */
async function failingRows(page: Page) {
  const texts = await page.getByTestId('import-failing-row').allInnerTexts();
  return new Map(
    texts.map((t) => {
      const n = Number(/^Row (\d+)/.exec(t.trim())?.[1]);
      return [n, t] as const;
    }),
  );
}

/** Records every "Importing x of y" label the page shows, so a fast import's progress bar is seen. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { progressSeen: string[] };
    w.progressSeen = [];
    const note = () => {
      const bar = document.querySelector('[data-testid="import-progress"]');
      const text = bar?.textContent?.trim();
      if (text && w.progressSeen.at(-1) !== text) w.progressSeen.push(text);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** Picks the file through the page's (hidden) file input and waits for its preview. */
async function pickFile(page: Page, file: ReturnType<typeof workbook>) {
  const preview = page.getByTestId('import-preview');
  const problem = page.getByTestId('import-problem');
  assert.equal(await preview.count(), 0, 'a preview is already showing');
  await page.getByTestId('import-file').setInputFiles(file);
  await preview.or(problem).first().waitFor();
  assert.equal(await problem.count(), 0, `the file was refused: ${await problem.allInnerTexts()}`);
  await page.getByText(file.name, { exact: true }).waitFor();
}

describe('importing users from Excel', () => {
  it('previews valid and failing rows, imports only the valid ones once, and a re-import adds nothing', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const stamp = stampOf();
    const employeeRole = await byName(token, 'Role', 'Employee');
    const adminRole = await byName(token, 'Role', 'Administrator');
    const production = await byName(token, 'Department', 'Production');
    // Someone already on the server, whose employee ID the file reuses.
    const taken = `P${stamp}`;
    const pre = await apiPost(token, 'v1/User/Create', {
      id: randomUUID(),
      employeeId: taken,
      firstName: 'Prior',
      lastName: 'User',
      email: `pre${stamp}@demo.example`,
      phone: '0899999999',
      username: `pre${stamp}`,
      password: 'Welcome#2026',
      roleId: employeeRole,
    });
    assert.equal(pre.httpStatus, 200, pre.message);

    const u = (s: string) => `imp${stamp}${s}`;
    const file = workbook(`users-${stamp}.xlsx`, [
      row(`I${stamp}1`, u('a'), { Department: 'Production' }), // row 2: valid
      row(`I${stamp}2`, u('b'), { Role: 'Administrator', Prefix: 'Mrs.', Department: 'Sales' }), // row 3: valid
      row(`I${stamp}3`, u('c'), { Prefix: 'Miss.', Gender: 'female', Telephone: '081-234-5679' }), // 4: valid
      row(`I${stamp}4`, u('d'), { 'First name': '', Gender: '' }), // row 5: blank cells
      row(`I${stamp}5`, u('e'), { Telephone: '08123' }), // row 6: too few digits
      row(`I${stamp}6`, u('f')), // row 7: username also in row 8
      row(`I${stamp}7`, u('f')), // row 8: username also in row 7
      row(taken, u('g')), // row 9: employee ID already on the server
    ]);

    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto(IMPORT_PATH);
      await s.page.getByRole('heading', { name: 'Import users from Excel' }).waitFor();
      await waitForLocalUser(s.page, taken);

      await pickFile(s.page, file);
      const preview = s.page.getByTestId('import-preview');
      await preview.waitFor();
      assert.equal(await preview.getByTestId('import-valid-count').innerText(), '3');
      assert.equal(await preview.getByTestId('import-invalid-count').innerText(), '5');
      await preview.getByText('employees will be added').waitFor();
      await preview.getByText('cannot be created', { exact: true }).waitFor();
      await preview.getByRole('heading', { name: 'Rows that cannot be created' }).waitFor();
      const failing = await failingRows(s.page);
      assert.deepEqual([...failing.keys()].sort(), [5, 6, 7, 8, 9]);
      const expectReason = (n: number, text: string) =>
        assert.ok(
          failing.get(n)?.includes(text),
          `row ${n} should say "${text}", it says: ${failing.get(n)}`,
        );
      expectReason(5, 'First name is blank.');
      expectReason(5, 'Gender is blank.');
      expectReason(6, 'Telephone must have at least 10 digits.');
      expectReason(7, 'Username is duplicated in the file (also in row 8).');
      expectReason(8, 'Username is duplicated in the file (also in row 7).');
      expectReason(9, 'Employee ID is duplicated: a user with this employee ID already exists.');
      assert.ok(failing.get(6)?.includes(`I${stamp}5`), 'a failing row names its employee ID');
      // Nothing is written before the import is confirmed.
      assert.equal(await outboxCount(s.page), 0);
      assert.deepEqual(await serverUsernames(token, stamp), [`pre${stamp}`]);

      const progress = await watchProgress(s.page);
      await preview.getByRole('button', { name: 'Import 3 users' }).click();
      const report = s.page.getByTestId('import-report');
      await report.waitFor();
      await report.getByRole('heading', { name: 'Import finished' }).waitFor();
      assert.equal(await report.getByTestId('import-added').innerText(), '3 users added.');
      await report.getByText('They are being sent to the server.').waitFor();
      assert.equal(await s.page.getByTestId('import-progress').count(), 0, 'the progress bar stayed');
      const seen = await progress();
      assert.equal(seen[0], 'Importing 0 of 3', `progress seen: ${JSON.stringify(seen)}`);

      await waitForOutbox(s.page, 0);
      const expected = [`pre${stamp}`, u('a'), u('b'), u('c')].sort();
      assert.deepEqual(await serverUsernames(token, stamp), expected);
      const users = await serverUsers(token, stamp);
      const a = users.find((x) => x.username === u('a'));
      const b = users.find((x) => x.username === u('b'));
      assert.equal(a?.roleId, employeeRole);
      assert.equal(a?.departmentId, production);
      assert.equal(b?.roleId, adminRole);
      assert.equal(b?.departmentId, await byName(token, 'Department', 'Sales'));
      assert.equal(
        users.find((x) => x.employeeId === taken)?.username,
        `pre${stamp}`,
        'the prior user changed',
      );
      assert.ok(await apiToken('DEMO', u('c'), 'Welcome#2026'), 'an imported user cannot sign in');

      // The same file again: every row is now refused, nothing can be imported, nothing is added.
      await pickFile(s.page, file);
      await preview.waitFor();
      assert.equal(await preview.getByTestId('import-valid-count').innerText(), '0');
      assert.equal(await preview.getByTestId('import-invalid-count').innerText(), '8');
      const again = await failingRows(s.page);
      for (const n of [2, 3, 4])
        assert.ok(
          again.get(n)?.includes('Username is duplicated: a user with this username already exists.'),
          `row ${n} on re-import: ${again.get(n)}`,
        );
      assert.ok(await preview.getByTestId('import-confirm').isDisabled(), 'the import button is enabled');
      assert.equal(await outboxCount(s.page), 0);
      assert.deepEqual(await serverUsernames(token, stamp), expected);
    } finally {
      await s.close();
    }
  });

  it('imports a file picked offline: kept on the device, sent once when back online', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const stamp = stampOf();
    const u = (s: string) => `off${stamp}${s}`;
    const file = workbook(`offline-${stamp}.xlsx`, [
      row(`O${stamp}1`, u('a')), // row 2: valid
      row(`O${stamp}2`, u('b'), { Role: 'Trainer', Department: 'Sales' }), // row 3: valid
      row(`O${stamp}3`, u('c'), { Telephone: '12345' }), // row 4: too few digits
    ]);
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto(IMPORT_PATH);
      await s.page.getByRole('heading', { name: 'Import users from Excel' }).waitFor();
      await waitForLocalUser(s.page, 'DEMO-0003'); // the users (and their roles) are on the device

      await goOffline(s.context);
      const offline = s.page.getByTestId('import-offline');
      await offline
        .getByText(
          'You are offline. You can still check a file and import it: the users are saved on this device and sent to the server when you are back online.',
        )
        .waitFor();

      await pickFile(s.page, file);
      const preview = s.page.getByTestId('import-preview');
      assert.equal(await preview.getByTestId('import-valid-count').innerText(), '2');
      assert.equal(await preview.getByTestId('import-invalid-count').innerText(), '1');
      assert.deepEqual([...(await failingRows(s.page)).keys()], [4]);
      // Picking a file only previews it: nothing is staged until the import is confirmed.
      assert.equal(await outboxCount(s.page), 0, 'picking the file queued something');

      await preview.getByRole('button', { name: 'Import 2 users' }).click();
      const report = s.page.getByTestId('import-report');
      assert.equal(await report.getByTestId('import-added').innerText(), '2 users added.');
      await report
        .getByText('You are offline: they are saved on this device and will be sent when online.')
        .waitFor();
      await waitForOutbox(s.page, 2);
      // The same file again while still offline: the rows just imported are known on the device.
      await pickFile(s.page, file);
      assert.equal(await preview.getByTestId('import-valid-count').innerText(), '0');
      assert.equal(await preview.getByTestId('import-invalid-count').innerText(), '3');
      assert.ok(await preview.getByTestId('import-confirm').isDisabled(), 'the import button is enabled');
      assert.equal(await outboxCount(s.page), 2);
      assert.deepEqual(await serverUsernames(token, stamp), [], 'something reached the server while offline');

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await offline.waitFor({ state: 'detached' });
      await waitForOutbox(s.page, 0);
      assert.deepEqual(await serverUsernames(token, stamp), [u('a'), u('b')]);
      const b = (await serverUsers(token, u('b')))[0];
      assert.equal(b?.roleId, await byName(token, 'Role', 'Trainer'));
      assert.equal(b?.departmentId, await byName(token, 'Department', 'Sales'));
      // Nothing more is sent later (e.g. by a second push of the same entries).
      await s.page.reload();
      await s.page.getByRole('heading', { name: 'Import users from Excel' }).waitFor();
      await waitForOutbox(s.page, 0);
      assert.deepEqual(await serverUsernames(token, stamp), [u('a'), u('b')]);
    } finally {
      await s.close();
    }
  });

  it('parks a row whose employee ID was taken on the server while offline, instead of duplicating it', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const stamp = stampOf();
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto(IMPORT_PATH);
      await s.page.getByRole('heading', { name: 'Import users from Excel' }).waitFor();
      await waitForLocalUser(s.page, 'DEMO-0003');
      await goOffline(s.context);
      // Another admin takes the employee ID meanwhile: this device cannot know it yet.
      const taken = `Q${stamp}`;
      const other = await apiPost(token, 'v1/User/Create', {
        id: randomUUID(),
        employeeId: taken,
        firstName: 'Other',
        lastName: 'Admin',
        email: `srv${stamp}@demo.example`,
        phone: '0899999999',
        username: `srv${stamp}`,
        password: 'Welcome#2026',
        roleId: await byName(token, 'Role', 'Employee'),
      });
      assert.equal(other.httpStatus, 200, other.message);
      const file = workbook(`late-${stamp}.xlsx`, [
        row(taken, `late${stamp}a`),
        row(`R${stamp}`, `late${stamp}b`),
      ]);
      await pickFile(s.page, file);
      assert.equal(await s.page.getByTestId('import-valid-count').innerText(), '2');
      await s.page.getByRole('button', { name: 'Import 2 users' }).click();
      await s.page.getByTestId('import-report').waitFor();
      await waitForOutbox(s.page, 2);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      // The free row is sent; the other stays on the device, parked with the server's reason.
      const deadline = Date.now() + 30_000;
      let states: unknown[] = [];
      while (Date.now() < deadline) {
        states = (await localRows(s.page, 'outbox', ['state'])).map((e) => e.state);
        if (states.length === 1 && states[0] === 'parked') break;
        await s.page.waitForTimeout(250);
      }
      assert.deepEqual(states, ['parked']);
      assert.deepEqual(await serverUsernames(token, stamp), [`late${stamp}b`, `srv${stamp}`]);

      await s.page.getByTestId('import-report').getByRole('link', { name: 'Sync page' }).click();
      const parked = s.page.getByTestId('sync-attention').getByTestId('outbox-entry');
      await parked.first().waitFor();
      assert.equal(await parked.count(), 1);
      assert.ok((await parked.innerText()).includes(taken), 'the parked change does not name the row');
      await parked
        .getByTestId('entry-problem')
        .getByText('This employee ID is already used by another user.', { exact: false })
        .first()
        .waitFor();
    } finally {
      await s.close();
    }
  });
});
