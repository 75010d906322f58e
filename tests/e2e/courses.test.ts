// An assignment course made offline in the console: two library videos (one with a popup time,
// checked against the video's real length), two quizzes (the 2-quiz rule said before saving) and a
// group; once online exactly one course with that content reaches the server.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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

type Video = { id: string; title: string; seconds: number };
type Course = {
  id: string;
  name: string;
  departmentIds: string[];
  quizIds: string[];
  videos: { videoId: string | null; popupSeconds: number | null; durationSeconds: number; title: string }[];
};

async function list<T>(token: string, resource: string, search = '') {
  const res = await apiPost<{ items: T[] }>(token, `v1/${resource}/List`, { page: 1, per_page: 100, search });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

async function makeQuiz(token: string, name: string, type: string) {
  const id = randomUUID();
  const res = await apiPost(token, 'v1/Quiz/Create', {
    id,
    name,
    type,
    sections: [
      {
        id: randomUUID(),
        questions: [
          {
            id: randomUUID(),
            text: 'Which guard must be closed before the press starts?',
            options: [
              { id: randomUUID(), text: 'The front guard', correct: true },
              { id: randomUUID(), text: 'None of them' },
            ],
          },
        ],
      },
    ],
  });
  if (res.httpStatus !== 200) throw new Error(`Quiz/Create answered ${res.httpStatus}: ${res.message}`);
  return id;
}

async function waitForLocal(page: Page, store: string, ids: string[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const rows = await localRows(page, store, ['id']);
    if (ids.every((id) => rows.some((r) => r.id === id))) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`the local ${store} table lacks ${ids.join(', ')}`);
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

describe('assignment courses offline', () => {
  it('creates a course with two library videos, a popup, two quizzes and a group offline; one arrives', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const pre = unique('Press pre-test');
    const post = unique('Press post-test');
    const both = unique('Press pre-post');
    const quizIds = {
      pre: await makeQuiz(token, pre, 'pre'),
      post: await makeQuiz(token, post, 'post'),
      both: await makeQuiz(token, both, 'prePost'),
    };
    const videos = await list<Video>(token, 'Video');
    assert.ok(videos.length >= 2, 'the demo library has two videos');
    const [first, second] = videos as [Video, Video];
    assert.ok(first.seconds > 1, 'the demo video has a length');
    const [group] = await list<{ id: string; name: string }>(token, 'Department', 'Production');
    assert.ok(group, 'the demo department Production is missing');
    const name = unique('Press safety');

    const s = await openBrowser({ width: 1280, height: 800 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(page);
      await page.goto('/home/assignment-course');
      await page.getByRole('heading', { name: 'Assignment courses' }).waitFor();
      await waitForLocal(page, 'Quiz', Object.values(quizIds));
      await waitForLocal(page, 'Video', [first.id, second.id]);
      await waitForLocal(page, 'Department', [group.id]);

      // The key column is never cut at 1280 px (the seeded courses' names).
      await page.getByTestId('resource-row').first().waitFor();
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="resource-row"] > :nth-child(3) p')]
          .filter((p) => p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1)
          .map((p) => p.textContent),
      );
      assert.deepEqual(cut, [], 'course names truncated in the list');

      await goOffline(s.context);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Course name').fill(name);
      await form.getByLabel('Start date').fill('2030-05-01T09:00');
      await form.getByLabel('End date').fill('2030-05-31T17:00');
      await form.locator('label', { hasText: 'Production' }).locator('[data-part="control"]').click();
      // A pre-post quiz with a pre-test: refused before saving, with the spec's rule.
      for (const quiz of [both, pre])
        await form.locator('label', { hasText: quiz }).locator('[data-part="control"]').click();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form
        .getByText('A course may link up to 2 quizzes; the pre-post option counts as both.')
        .waitFor();
      for (const quiz of [both, post])
        await form.locator('label', { hasText: quiz }).locator('[data-part="control"]').click();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Course added successfully.');

      // Its videos, reached from the row's menu.
      await page.getByRole('button', { name: `Pages of ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Videos' }).click();
      await page.getByRole('heading', { name: `Videos: ${name}` }).waitFor();
      for (const video of [first, second]) {
        await page.getByRole('button', { name: 'Add from the library' }).click();
        const picker = page.getByTestId('video-picker');
        await picker.getByRole('button', { name: video.title }).click();
        await picker.waitFor({ state: 'hidden' });
      }
      const items = page.getByTestId('course-video');
      assert.equal(await items.count(), 2);
      const popup = items.first().getByLabel('Popup time (m:ss)');
      await popup.fill(mmss(first.seconds + 1));
      await page.getByTestId('save-videos').click();
      await items
        .first()
        .getByText('Please specify again because it exceeds the actual time of the video')
        .waitFor();
      await popup.fill('0:01');
      // Reordered by keyboard and back: the list keeps the library order chosen above.
      await items
        .first()
        .getByRole('button', { name: `Move ${first.title} down` })
        .press('Enter');
      assert.equal(await items.first().getByLabel('Title').inputValue(), second.title);
      await items
        .nth(1)
        .getByRole('button', { name: `Move ${first.title} up` })
        .press('Enter');
      assert.equal(await items.first().getByLabel('Title').inputValue(), first.title);
      await page.getByTestId('save-videos').click();
      await expectToast(page, 'Course videos saved.');

      // Both changes wait on the device; nothing reached the server.
      await waitForOutbox(page, 2);
      assert.equal((await list<Course>(token, 'Course', name)).length, 0);

      await goOnline(s.context);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(page, 0);
      const courses = await list<Course>(token, 'Course', name);
      assert.equal(courses.length, 1, `${courses.length} courses named ${name}`);
      const [course] = courses as [Course];
      assert.deepEqual(course.departmentIds, [group.id]);
      assert.deepEqual([...course.quizIds].sort(), [quizIds.pre, quizIds.post].sort());
      assert.deepEqual(
        course.videos.map((v) => [v.videoId, v.popupSeconds, v.durationSeconds]),
        [
          [first.id, 1, first.seconds],
          [second.id, null, second.seconds],
        ],
      );
    } finally {
      await s.close();
    }
  });

  it('shows a seeded course’s seats and lets a learner’s request be accepted at 375 px', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const [course] = await list<Course & { seatLimit: number }>(
      token,
      'Course',
      'Machine guarding for new operators',
    );
    assert.ok(course, 'the seeded course is missing');
    type Row = { courseId: string; status: string; decidedBy: string | null };
    const enrolled = async () =>
      (await list<Row>(token, 'Enrolment')).filter((r) => r.courseId === course.id && r.status === 'enrolled')
        .length;
    const before = await enrolled();
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      const { page } = s;
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await page.goto(`/home/assignment-course/user-list?course=${course.id}`);
      await page.getByRole('heading', { name: `Users: ${course.name}` }).waitFor();
      const seats = page.getByTestId('seat-summary');
      await seats.getByText(String(course.seatLimit)).waitFor();
      const request = page.getByTestId('requests').getByTestId('enrolment-row').first();
      await request.waitFor();
      const who = await request.getAttribute('data-user');
      await request.getByRole('button', { name: 'Accept' }).click();
      await expectToast(page, `${who} now takes this course.`);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(over <= 0, `the user list overflows the 375 px screen by ${over} px`);
      await waitForOutbox(page, 0);
      assert.equal(await enrolled(), before + 1, 'the accepted request is enrolled on the server');
    } finally {
      await s.close();
    }
  });
});
