// The course report shows the states that learners' own calls produced a moment before: one who
// watched to the end (finished), one who started (in progress), one who did nothing (not started);
// cards at 375 px, a table whose key columns are whole at 1280 px.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { apiPost, apiToken, openBrowser, type Session, signIn } from './browser.ts';

type Row = { id: string; username?: string; employeeId?: string; seconds?: number; title?: string };

async function list(token: string, resource: string, search = '') {
  const res = await apiPost<{ items: Row[] }>(token, `v1/${resource}/List`, {
    page: 1,
    per_page: 100,
    search,
  });
  assert.equal(res.httpStatus, 200, `${resource}/List: ${res.message}`);
  return res.data.items;
}

const LEARNERS = { finished: 'kanya', started: 'john', idle: 'nattapong' } as const;
const name = `Report check ${randomUUID().slice(0, 8)}`;
let courseId = '';
const employeeIds: Record<string, string> = {};

describe('the course report', () => {
  before(async () => {
    const admin = await apiToken('DEMO', 'admin', 'Admin@1234');
    const [video] = (await list(admin, 'Video')).filter((v) => (v.seconds ?? 0) > 0);
    assert.ok(video, 'no seeded library video with a length');
    courseId = randomUUID();
    const itemId = randomUUID();
    const day = 86_400_000;
    const made = await apiPost(admin, 'v1/Course/Create', {
      id: courseId,
      name,
      startAt: new Date(Date.now() - day).toISOString(),
      endAt: new Date(Date.now() + 7 * day).toISOString(),
      videos: [{ id: itemId, videoId: video.id, title: video.title }],
    });
    assert.equal(made.httpStatus, 200, made.message);
    for (const username of Object.values(LEARNERS)) {
      const [user] = (await list(admin, 'User', username)).filter((u) => u.username === username);
      assert.ok(user, `no demo user ${username}`);
      employeeIds[username] = String(user.employeeId);
      const enrolled = await apiPost(admin, 'v1/Enrolment/Create', {
        id: randomUUID(),
        courseId,
        userId: user.id,
      });
      assert.equal(enrolled.httpStatus, 200, enrolled.message);
    }
    // The learners' own calls, with their own tokens.
    const watch = async (username: string, position: number, completed?: boolean) => {
      const token = await apiToken('DEMO', username, 'Demo@1234');
      const res = await apiPost(token, 'v1/Learner/RecordVideoProgress', {
        courseId,
        videoItemId: itemId,
        position,
        completed,
      });
      assert.equal(res.httpStatus, 200, `${username}: ${res.message}`);
    };
    await watch(LEARNERS.finished, video.seconds!, true);
    await watch(LEARNERS.started, 1);
  });

  let s: Session;
  after(() => s?.close());

  it('shows each learner the state their calls produced, as cards at 375 px', async () => {
    s = await openBrowser({ width: 375, height: 800 });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await s.page.goto(`/home/assignment-course/courselist-report?course=${courseId}`);
    const cards = s.page.getByTestId('report-card');
    await cards.first().waitFor({ timeout: 20_000 });
    const expected = {
      [LEARNERS.finished]: 'Finished before expiry',
      [LEARNERS.started]: 'In progress',
      [LEARNERS.idle]: 'Not started',
    };
    for (const [username, state] of Object.entries(expected)) {
      const card = cards.filter({ hasText: employeeIds[username]! });
      assert.equal(await card.count(), 1, `one card for ${username}`);
      assert.match(await card.innerText(), new RegExp(state), `${username} is ${state}`);
    }
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 375 px`);
  });

  it('keeps employee ID and name whole in the table at 1280 px', async () => {
    await s.page.setViewportSize({ width: 1280, height: 800 });
    const rows = s.page.getByTestId('report-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 3);
    const cut = await rows.evaluateAll((trs) =>
      trs.flatMap((tr) =>
        [...tr.querySelectorAll('td')]
          .slice(0, 2)
          .filter((td) => td.scrollWidth > td.clientWidth + 1)
          .map((td) => td.textContent),
      ),
    );
    assert.deepEqual(cut, []);
  });
});
