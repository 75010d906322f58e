import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { addFaq, editFaqAnswer, FAQ_PATH, serverFaqs, unique, waitForOutbox } from './resource-ui.ts';

const nudge = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

describe('sync problems are shown and resolved by the admin', () => {
  let s: Session;
  let token: string;
  before(async () => {
    token = await apiToken('DEMO', 'admin', 'Admin@1234');
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await s.page.goto(FAQ_PATH);
  });
  after(() => s.close());

  it('parks a rejected change with the server message and keeps sending the others', async () => {
    const rejected = unique('REJECT me');
    const fixable = unique('REJECT fix me');
    const fine = unique('Where do I park?');
    // Push is down while both are made; then the server really refuses one: on the wire it
    // loses its question. One handler, so no push slips through between two routes.
    let down = true;
    await s.context.route('**/api/v6/Sync/Push', (route) => {
      if (down) return route.abort('internetdisconnected');
      const body = JSON.parse(route.request().postData() ?? '{}') as {
        mutations: { payload: Record<string, unknown> }[];
      };
      for (const m of body.mutations)
        if (String(m.payload.question).startsWith('REJECT')) m.payload.question = '';
      return route.continue({ postData: JSON.stringify(body) });
    });
    try {
      await addFaq(s.page, rejected, 'x');
      await addFaq(s.page, fixable, 'y');
      await addFaq(s.page, fine, 'Behind building C.');
      down = false;
      await nudge(s.page);
      await waitForOutbox(s.page, 2);
    } finally {
      await s.context.unroute('**/api/v6/Sync/Push');
    }
    assert.equal((await serverFaqs(token, fine)).length, 1, 'the valid change was blocked');
    assert.equal((await serverFaqs(token, 'REJECT')).length, 0);
    await s.page.goto('/sync');
    await s.page.getByText('Needs attention').first().waitFor();
    await s.page.getByText('Please enter the question.').first().waitFor();
    // Edit and retry one: the fixed question is sent under a new mutation id and accepted.
    await s.page.getByRole('button', { name: 'Edit and retry' }).first().click();
    const fixedQuestion = unique('Fixed question');
    await s.page.getByRole('dialog').getByLabel('Question').fill(fixedQuestion);
    await s.page.getByRole('dialog').getByRole('button', { name: 'Save and retry' }).click();
    await waitForOutbox(s.page, 1);
    assert.equal((await serverFaqs(token, fixedQuestion)).length, 1, 'the edited change was not sent');
    // Discard the other.
    await s.page.getByRole('button', { name: 'Discard', exact: true }).first().click();
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Discard', exact: true }).click();
    await waitForOutbox(s.page, 0);
    await s.page.goto(FAQ_PATH);
    await s.page.getByText(fine).first().waitFor();
    await s.page.getByText(fixedQuestion).first().waitFor();
    const gone = (await s.page.getByText(rejected).count()) + (await s.page.getByText(fixable).count());
    assert.equal(gone, 0, 'a discarded or replaced create is still listed');
  });

  it('shows a conflict field by field and sends "keep mine" on the admin\'s word', async () => {
    const q = unique('Who signs overtime?');
    await addFaq(s.page, q, 'original');
    await waitForOutbox(s.page, 0);
    await goOffline(s.context);
    await editFaqAnswer(s.page, q, 'mine');
    const [row] = await serverFaqs(token, q);
    assert.equal((await apiPost(token, 'v1/Faq/Update', { ...row, answer: 'theirs' })).httpStatus, 200);
    await goOnline(s.context);
    await nudge(s.page);
    await s.page.goto('/sync');
    await s.page.getByRole('button', { name: 'Resolve', exact: true }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('mine', { exact: true }).first().waitFor();
    await dialog.getByText('theirs', { exact: true }).first().waitFor();
    assert.equal((await serverFaqs(token, q))[0].answer, 'theirs', 'overwritten before the admin chose');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await waitForOutbox(s.page, 0);
    assert.equal((await serverFaqs(token, q))[0].answer, 'mine');
  });
});

describe('several tabs', () => {
  it('drains from exactly one tab and hands over when it closes', async () => {
    const s = await openBrowser();
    try {
      const token = await apiToken('DEMO', 'admin', 'Admin@1234');
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto(FAQ_PATH);
      const second = await s.context.newPage();
      await second.goto(FAQ_PATH);
      await second.getByTestId('app-shell').waitFor();
      const pushers = new Set<Page>();
      s.context.on('request', (req) => {
        if (req.url().endsWith('/api/v6/Sync/Push')) {
          const page = req.frame()?.page();
          if (page) pushers.add(page);
        }
      });
      const a = unique('From tab one');
      const b = unique('From tab two');
      await addFaq(s.page, a, 'one');
      await addFaq(second, b, 'two');
      await waitForOutbox(second, 0);
      assert.equal(pushers.size, 1, 'more than one tab pushed');
      const [drainer] = [...pushers];
      const survivor = drainer === s.page ? second : s.page;
      await drainer.close();
      const c = unique('After the drainer closed');
      const t0 = Date.now();
      await addFaq(survivor, c, 'three');
      await waitForOutbox(survivor, 0, 15_000);
      assert.ok(Date.now() - t0 < 15_000);
      for (const q of [a, b, c]) assert.equal((await serverFaqs(token, q)).length, 1, q);
      s.page = survivor;
    } finally {
      await s.close();
    }
  });

  it('closes an old tab on a database upgrade instead of blocking it, and says so', async () => {
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto(FAQ_PATH);
      await s.page.getByTestId('app-shell').waitFor();
      const other = await s.context.newPage();
      await other.goto('/favicon.png');
      const upgraded = await other.evaluate(async () => {
        const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('console:'));
        if (!name?.name) return 'no database';
        return await new Promise<string>((resolve) => {
          const req = indexedDB.open(name.name!, (name.version ?? 1) + 1);
          req.onsuccess = () => {
            req.result.close();
            resolve('opened');
          };
          req.onblocked = () => resolve('blocked');
          req.onerror = () => resolve(`error ${req.error?.message}`);
          setTimeout(() => resolve('timeout'), 10_000);
        });
      });
      assert.equal(upgraded, 'opened');
      await s.page.getByText('The console was updated in another tab').first().waitFor();
    } finally {
      await s.close();
    }
  });
});

describe('session ends with unsent work', () => {
  it('signs out with a pending change, keeps it for the same user and sends it after sign-in', async () => {
    const s = await openBrowser();
    try {
      const token = await apiToken('DEMO', 'admin', 'Admin@1234');
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto(FAQ_PATH);
      await waitForServiceWorkerControl(s.page);
      const q = unique('Kept across sign-out');
      await goOffline(s.context);
      await addFaq(s.page, q, 'kept');
      await s.page.getByTestId('account-menu-button').click();
      await s.page.getByRole('menuitem', { name: 'Sign out' }).click();
      await s.page.getByTestId('sign-out-kept').waitFor({ timeout: 20_000 });
      assert.match(await s.page.getByTestId('sign-out-kept').innerText(), /^1 change could not be sent/);
      await s.page.getByTestId('sign-out-confirm').click();
      await s.page.getByTestId('login-form').waitFor();
      await goOnline(s.context);
      assert.equal((await serverFaqs(token, q)).length, 0);
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForOutbox(s.page, 0);
      assert.equal((await serverFaqs(token, q)).length, 1);
    } finally {
      await s.close();
    }
  });

  it('goes to sign-in on a 401 and replays the waiting change afterwards, dropping nothing', async () => {
    const s = await openBrowser();
    try {
      const token = await apiToken('DEMO', 'admin', 'Admin@1234');
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto(FAQ_PATH);
      // The change waits in the outbox while the server revokes the session behind its back.
      await s.context.route('**/api/v6/Sync/Push', (route) => route.abort('internetdisconnected'));
      const q = unique('Sent after signing in again');
      await addFaq(s.page, q, 'replayed');
      const browserToken = await s.page.evaluate(
        () => (JSON.parse(localStorage.getItem('console.session') ?? '{}') as { token?: string }).token,
      );
      assert.ok(browserToken);
      assert.equal((await apiPost(browserToken, 'v1/Login/Logout', {})).httpStatus, 200);
      await s.context.unroute('**/api/v6/Sync/Push');
      await nudge(s.page);
      await s.page.getByTestId('login-form').waitFor({ timeout: 30_000 });
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForOutbox(s.page, 0);
      assert.equal((await serverFaqs(token, q)).length, 1);
    } finally {
      await s.close();
    }
  });
});
