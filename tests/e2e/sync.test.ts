import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

describe('local-first FAQ: offline edits reach the server exactly once, in order', () => {
  let s: Session;
  let token: string;
  before(async () => {
    token = await apiToken('DEMO', 'admin', 'Admin@1234');
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
    await s.page.goto(FAQ_PATH);
  });
  after(() => s.close());

  it('creates online and the server has it', async () => {
    const q = unique('Where is the canteen?');
    await addFaq(s.page, q, 'Building B, ground floor.');
    await waitForOutbox(s.page, 0);
    const rows = await serverFaqs(token, q);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].answer, 'Building B, ground floor.');
  });

  it('keeps a change saved offline through a tab crash 1 ms after "saved", then syncs it once', async () => {
    const q = unique('How do I book leave?');
    await goOffline(s.context);
    await addFaq(s.page, q, 'Ask your supervisor.');
    const crashed = s.page;
    const cdp = await s.context.newCDPSession(crashed);
    // Page.crash never answers (the renderer is gone): give it a moment, then move on.
    await Promise.race([
      cdp.send('Page.crash').catch(() => {}),
      crashed.waitForTimeout(2_000).catch(() => {}),
    ]);
    await crashed.close().catch(() => {});
    s.page = await s.context.newPage();
    await s.page.goto(FAQ_PATH);
    await s.page.getByText(q).first().waitFor();
    await waitForOutbox(s.page, 1);
    assert.equal((await serverFaqs(token, q)).length, 0, 'nothing may reach the server while offline');
    await goOnline(s.context);
    await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForOutbox(s.page, 0);
    assert.equal((await serverFaqs(token, q)).length, 1);
  });

  it('replays a push whose response was lost without creating a duplicate', async () => {
    const q = unique('Is parking free?');
    let cut = 0;
    await s.context.route('**/api/v6/Sync/Push', async (route) => {
      if (cut++ === 0) {
        await route.fetch(); // the server applies it...
        await route.abort('connectionreset'); // ...but the answer never arrives
      } else await route.continue();
    });
    try {
      await addFaq(s.page, q, 'Yes, for staff.');
      await waitForOutbox(s.page, 0, 60_000);
    } finally {
      await s.context.unroute('**/api/v6/Sync/Push');
    }
    assert.ok(cut >= 2, 'the push was not retried');
    assert.equal((await serverFaqs(token, q)).length, 1);
  });

  it('applies offline edits in the order they were made', async () => {
    const q = unique('When is payday?');
    await goOffline(s.context);
    await addFaq(s.page, q, 'first');
    await editFaqAnswer(s.page, q, 'second');
    await editFaqAnswer(s.page, q, 'third');
    await waitForOutbox(s.page, 3);
    await goOnline(s.context);
    await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForOutbox(s.page, 0);
    const [row] = await serverFaqs(token, q);
    assert.equal(row.answer, 'third');
    assert.equal(row.rev, 3);
  });

  it('backs off on 503 with Retry-After instead of storming the server', async () => {
    const q = unique('Where are the first aid kits?');
    const hits: number[] = [];
    await s.context.route('**/api/v6/Sync/Push', (route) => {
      hits.push(Date.now());
      return route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '3' },
        body: JSON.stringify({ status: 1500, message: 'Down for a moment', data: null }),
      });
    });
    await addFaq(s.page, q, 'Next to every exit.');
    await s.page.waitForTimeout(5_000);
    await s.context.unroute('**/api/v6/Sync/Push');
    assert.ok(hits.length >= 1 && hits.length <= 3, `${hits.length} pushes in 5 s`);
    for (let i = 1; i < hits.length; i++)
      assert.ok(hits[i] - hits[i - 1] >= 2_900, 'Retry-After not honoured');
    await waitForOutbox(s.page, 0, 30_000);
    assert.equal((await serverFaqs(token, q)).length, 1);
  });

  it('turns a stale offline edit into a conflict instead of overwriting', async () => {
    const q = unique('Who do I call for IT?');
    await addFaq(s.page, q, 'original');
    await waitForOutbox(s.page, 0);
    await goOffline(s.context);
    await editFaqAnswer(s.page, q, 'mine');
    const [row] = await serverFaqs(token, q);
    const theirs = await apiPost(token, 'v1/Faq/Update', { ...row, answer: 'theirs' });
    assert.equal(theirs.httpStatus, 200);
    await goOnline(s.context);
    await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await s.page.waitForTimeout(3_000);
    const [after] = await serverFaqs(token, q);
    assert.equal(after.answer, 'theirs', 'the offline edit overwrote a newer server change');
    await waitForOutbox(s.page, 1);
  });
});
