// The quiz builder on a 375 px phone screen, offline, driven by the keyboard alone (Tab, Enter,
// Space, arrows and typing): a quiz of two sections is built, a question reordered, a broken rule
// shown at its question before saving, the preview checked; saved on the device, then online the
// outbox sends it and exactly one quiz with that content reaches the server.
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
import { localRows, outboxCount, unique, waitForOutbox } from './resource-ui.ts';

type Quiz = {
  id: string;
  name: string;
  type: string;
  passingScore: number | null;
  timeLimitMinutes: number;
  sections: {
    title: string;
    questions: { text: string; kind: string; score: number; options: { text: string; correct: boolean }[] }[];
  }[];
};

/** What has the keyboard focus: its test id, label, text, and which section/question/option holds it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const index = (sel: string, within?: Element | null) => {
      const item = el?.closest(sel);
      if (!item) return -1;
      return [...(within ?? document).querySelectorAll(sel)].indexOf(item);
    };
    const section = el?.closest('[data-testid="quiz-section"]');
    const question = el?.closest('[data-testid="quiz-question"]');
    return {
      testId: el?.getAttribute('data-testid') ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      text: el?.textContent?.trim() ?? '',
      tag: el?.tagName ?? '',
      type: el?.getAttribute('type') ?? '',
      section: index('[data-testid="quiz-section"]'),
      question: index('[data-testid="quiz-question"]', section),
      option: index('[data-testid="quiz-option"]', question),
    };
  });
type Focus = Awaited<ReturnType<typeof focused>>;

/** Presses Tab (or Shift+Tab) until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, match: (f: Focus) => boolean, what: string, back = false, max = 250) {
  for (let i = 0; i < max; i++) {
    if (match(await focused(page))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard never reached ${what}; it is on ${JSON.stringify(await focused(page))}`);
}
const byTestId =
  (testId: string, section = -1, question = -1, option = -1) =>
  (f: Focus) =>
    f.testId === testId &&
    (section < 0 || f.section === section) &&
    (question < 0 || f.question === question) &&
    (option < 0 || f.option === option);
const byLabel = (label: string) => (f: Focus) => f.label === label;
const byText = (text: string) => (f: Focus) => f.tag === 'BUTTON' && f.text === text;

async function typeInto(page: Page, match: (f: Focus) => boolean, what: string, text: string) {
  await tabTo(page, match, what);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Fills the focused question (its text is focused): text, options and the correct ones. */
async function fillQuestion(
  page: Page,
  s: number,
  q: number,
  text: string,
  options: string[],
  correct: number[],
) {
  const f = await focused(page);
  assert.equal(
    f.testId,
    'question-text',
    `a new question's text should have the focus, not ${JSON.stringify(f)}`,
  );
  await page.keyboard.type(text);
  for (const [i, option] of options.entries()) {
    if (i >= 2) {
      // A new option takes the focus to its text.
      await tabTo(page, byText('Add option'), 'Add option');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        ([s, q, n]) =>
          document
            .querySelectorAll('[data-testid="quiz-section"]')
            [s]?.querySelectorAll('[data-testid="quiz-question"]')
            [q]?.querySelectorAll('[data-testid="quiz-option"]').length === n,
        [s, q, i + 1],
      );
      assert.equal((await focused(page)).testId, 'option-text');
    } else await tabTo(page, byTestId('option-text', s, q, i), `option ${i + 1}`);
    await page.keyboard.type(option);
  }
  for (const i of correct) {
    await tabTo(page, byLabel(`Option ${i + 1} is correct`), `option ${i + 1}'s correct mark`, true);
    await page.keyboard.press('Space');
  }
}

async function serverQuizzes(token: string, search: string) {
  const res = await apiPost<{ items: Quiz[] }>(token, 'v1/Quiz/List', { page: 1, per_page: 50, search });
  assert.equal(res.httpStatus, 200, res.message);
  return res.data.items;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('quiz builder at 375 px, offline, by keyboard', () => {
  it('builds a quiz of two sections, reorders a question, saves it offline, and it reaches the server once', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const name = unique('Forklift induction');
    const s = await openBrowser({ width: 375, height: 800 });
    const { page } = s;
    try {
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(page);
      await page.goto('/home/quiz');
      // The quizzes (and the courses naming them) are on the device before the network goes.
      await page.getByTestId('item-count').waitFor();
      for (const store of ['Quiz', 'Course']) {
        const deadline = Date.now() + 30_000;
        while ((await localRows(page, store, ['id'])).length === 0) {
          assert.ok(Date.now() < deadline, `no ${store} rows reached the device`);
          await page.waitForTimeout(250);
        }
      }
      const cookies = page.getByRole('button', { name: 'Got it' });
      if (await cookies.isVisible()) await cookies.press('Enter');
      await goOffline(s.context);

      // From the list to the builder.
      await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'Add', 'the Add button');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/home/addquiz/add-quiz');
      await page.getByTestId('quiz-name').waitFor();

      await typeInto(page, byTestId('quiz-name'), 'the quiz name', name);
      await typeInto(page, byTestId('quiz-passingScore'), 'the passing score', '3');
      await typeInto(page, byTestId('quiz-timeLimitMinutes'), 'the time limit', '20');

      // Section 1: a title and two questions.
      await typeInto(page, byTestId('section-title', 0), 'the first section title', 'Before driving');
      await tabTo(page, byTestId('question-text', 0, 0), 'the first question');
      await fillQuestion(page, 0, 0, 'Who may drive a forklift?', ['Anyone', 'Licensed drivers only'], [1]);
      await tabTo(page, byTestId('add-question', 0), 'Add question of section 1');
      await page.keyboard.press('Enter');
      await page.getByTestId('quiz-section').first().getByTestId('quiz-question').nth(1).waitFor();
      await fillQuestion(page, 0, 1, 'What do you check before driving?', ['Brakes', 'Horn', 'Radio'], []);
      // A multiple-choice question: the type first (arrow keys on the select), then two ticks.
      await tabTo(page, byTestId('question-kind', 0, 1), 'the answer type', true);
      await page.keyboard.press('ArrowDown');
      assert.equal(
        await page.getByTestId('quiz-section').first().getByTestId('question-kind').nth(1).inputValue(),
        'multiple',
      );
      for (const i of [0, 1]) {
        await tabTo(page, byLabel(`Option ${i + 1} is correct`), `option ${i + 1}'s tick`);
        await page.keyboard.press('Space');
      }

      // Section 2, its question left without a correct option for now.
      await tabTo(page, byTestId('add-section'), 'Add section');
      await page.keyboard.press('Enter');
      await page.getByTestId('quiz-section').nth(1).waitFor();
      assert.equal((await focused(page)).testId, 'section-title', 'the new section title has the focus');
      await page.keyboard.type('On the floor');
      await tabTo(page, byTestId('question-text', 1, 0), 'the question of section 2');
      await fillQuestion(
        page,
        1,
        0,
        'Where do pedestrians walk?',
        ['In the marked walkways', 'Anywhere'],
        [],
      );

      // Saving now is refused on the device, with the rule's message at that question.
      await tabTo(page, byTestId('save-quiz'), 'Save quiz');
      await page.keyboard.press('Enter');
      const message = page
        .getByTestId('quiz-section')
        .nth(1)
        .getByTestId('options-error')
        .filter({ hasText: 'Mark at least one option as correct.' });
      await message.waitFor();
      await page.getByTestId('quiz-problem').waitFor();
      assert.equal(await outboxCount(page), 0, 'nothing is queued while a rule is broken');
      // Shift+Tab enters a group of radios without a choice at its last one; the arrow picks option 1.
      await tabTo(
        page,
        (f) => f.label === 'Option 2 is correct' && f.section === 1,
        'the correct marks in section 2',
        true,
      );
      await page.keyboard.press('ArrowUp');
      assert.equal((await focused(page)).label, 'Option 1 is correct');
      await message.waitFor({ state: 'detached' });

      // Reorder by keyboard: the second question of section 1 moves up.
      await tabTo(page, byLabel('Move question 2 up'), 'Move question 2 up', true);
      await page.keyboard.press('Enter');
      const firstTexts = page.getByTestId('quiz-section').first().getByTestId('question-text');
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '[data-testid="quiz-section"] [data-testid="question-text"]',
            ) as HTMLTextAreaElement
          )?.value === 'What do you check before driving?',
      );
      assert.equal(await firstTexts.nth(1).inputValue(), 'Who may drive a forklift?');
      // The focus stayed with the moved question (now first: its "up" is disabled, so "down").
      assert.equal((await focused(page)).label, 'Move question 1 down');
      assert.ok(
        (await overflow(page)) <= 0,
        `the builder overflows the screen by ${await overflow(page)} px`,
      );

      // The learner's view, opened and closed by keyboard.
      await tabTo(page, byTestId('preview-quiz'), 'Preview', true);
      await page.keyboard.press('Enter');
      const preview = page.getByTestId('quiz-preview');
      await preview.waitFor();
      assert.equal(await preview.getByTestId('preview-question').count(), 3);
      await preview.getByText('Time limit: 20 minutes').waitFor();
      await preview.getByText('Pass: 3 of 3 points').waitFor();
      await preview.getByText('1. What do you check before driving?').waitFor();
      assert.ok((await overflow(page)) <= 0, 'the preview overflows the screen');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });

      await tabTo(page, byTestId('save-quiz'), 'Save quiz');
      await page.keyboard.press('Enter');
      await expectToast(page, 'Quiz added successfully.');
      await page.waitForURL('**/home/quiz');
      await page.getByTestId('item-count').waitFor();

      // Saved on this device only.
      await waitForOutbox(page, 1);
      const local = await localRows(page, 'Quiz', ['name']);
      assert.equal(local.filter((r) => r.name === name).length, 1);
      assert.equal((await serverQuizzes(token, name)).length, 0);

      await goOnline(s.context);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(page, 0);

      const quizzes = await serverQuizzes(token, name);
      assert.equal(quizzes.length, 1, `${quizzes.length} quizzes named ${name}`);
      const [quiz] = quizzes;
      assert.equal(quiz.passingScore, 3);
      assert.equal(quiz.timeLimitMinutes, 20);
      assert.equal(quiz.type, 'post');
      const shape = quiz.sections.map((sec) => ({
        title: sec.title,
        questions: sec.questions.map((q) => [
          q.text,
          q.kind,
          q.score,
          q.options.map((o) => [o.text, o.correct]),
        ]),
      }));
      assert.deepEqual(shape, [
        {
          title: 'Before driving',
          questions: [
            [
              'What do you check before driving?',
              'multiple',
              1,
              [
                ['Brakes', true],
                ['Horn', true],
                ['Radio', false],
              ],
            ],
            [
              'Who may drive a forklift?',
              'single',
              1,
              [
                ['Anyone', false],
                ['Licensed drivers only', true],
              ],
            ],
          ],
        },
        {
          title: 'On the floor',
          questions: [
            [
              'Where do pedestrians walk?',
              'single',
              1,
              [
                ['In the marked walkways', true],
                ['Anywhere', false],
              ],
            ],
          ],
        },
      ]);
    } finally {
      await s.close();
    }
  });

  it('drags a question with the keyboard (dnd-kit), announced, and asks before leaving with unsaved edits', async () => {
    const s = await openBrowser({ width: 375, height: 800 });
    const { page } = s;
    try {
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await page.goto('/home/quiz');
      // The demo quiz sorts first by name.
      await page.getByRole('button', { name: 'Edit Fire evacuation check' }).click();
      await page.getByTestId('quiz-name').waitFor();
      const texts = () =>
        page
          .getByTestId('question-text')
          .evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
      const before = await texts();
      assert.equal(before.length, 3);

      // Space picks the question up, the arrow moves it one place, Space drops it.
      const handle = page.getByRole('button', { name: 'Drag question 1 to reorder' });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.locator('[aria-label="Drag question 1 to reorder"][aria-pressed="true"]').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.getByText('question 1 is now at position 2 of 3.').waitFor({ state: 'attached' });
      await page.keyboard.press('Space');
      await page.waitForFunction((first) => {
        const t = document.querySelector<HTMLTextAreaElement>('[data-testid="question-text"]');
        return t && t.value !== first;
      }, before[0]);
      assert.deepEqual(await texts(), [before[1], before[0], before[2]]);
      await page.getByText('question 1 was dropped at position 2 of 3.').waitFor({ state: 'attached' });

      // Deleting asks first (Cancel has the focus); then the keyboard lands on the neighbour.
      await page.getByRole('button', { name: 'Delete question 3' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await confirm.getByText('Delete question 3 of section 1?').waitFor();
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      assert.equal((await texts()).length, 3, 'Enter on the focused Cancel keeps the question');
      await page.getByRole('button', { name: 'Delete question 3' }).focus();
      await page.keyboard.press('Enter');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="question-text"]').length === 2,
      );
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'question-text',
      );
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value),
        before[0],
      );

      // Leaving now asks first; Cancel stays with the edits, "Leave and discard" goes.
      await page.getByRole('link', { name: 'Quizzes' }).click();
      const ask = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await ask.getByText('Leave without saving?').waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      assert.match(page.url(), /edit-quiz/);
      assert.deepEqual(await texts(), [before[1], before[0]]);
      await page.getByRole('link', { name: 'Quizzes' }).click();
      await ask.getByRole('button', { name: 'Leave and discard' }).click();
      await page.waitForURL('**/home/quiz');
    } finally {
      await s.close();
    }
  });
});
