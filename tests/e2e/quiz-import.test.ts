// Questions imported from an .xlsx file into the quiz builder: the worker's preview names the
// broken rows, the good ones land in the builder, the quiz saves, and its export is the same format.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { read, utils, write } from '@e965/xlsx';
import { apiPost, apiToken, downloadedBytes, expectToast, openBrowser, signIn } from './browser.ts';
import { unique } from './resource-ui.ts';

const HEADER = [
  'Section',
  'Question',
  'Type',
  'Score',
  'Option 1',
  'Option 2',
  'Option 3',
  'Option 4',
  'Option 5',
  'Option 6',
  'Correct',
];
const ROWS = [
  [
    'Spills',
    'What do you use on an oil spill?',
    'single',
    '2',
    'Water',
    'Absorbent pads',
    '',
    '',
    '',
    '',
    '2',
  ],
  [
    'Spills',
    'Who do you tell about a chemical spill?',
    'multiple',
    '1',
    'Your line leader',
    'The safety officer',
    'Nobody',
    '',
    '',
    '',
    '1,2',
  ],
  ['Spills', '', 'single', '1', 'A', 'B', '', '', '', '', '1'],
  [
    'Noise',
    'When must you wear ear protection?',
    'single',
    '1',
    'In marked zones',
    'Never',
    '',
    '',
    '',
    '',
    '1,2',
  ],
  [
    'Noise',
    'Which of these protect hearing?',
    'multiple',
    '3',
    'Ear plugs',
    'Ear muffs',
    'Sunglasses',
    '',
    '',
    '',
    '1,2',
  ],
];

function sheet(rows: string[][]) {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Questions');
  return Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('quiz questions from Excel', () => {
  it('previews row errors, imports the good rows into the builder, saves, and exports them again', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const name = unique('Spills and noise');
    const s = await openBrowser({ width: 1280, height: 900 });
    const { page } = s;
    try {
      await signIn(page, 'DEMO', 'admin', 'Admin@1234');
      await page.goto('/home/addquiz/add-quiz');
      await page.getByTestId('quiz-name').fill(name);

      await page.getByTestId('import-questions').click();
      const dialog = page.getByTestId('quiz-import');
      await dialog.getByTestId('quiz-import-file').setInputFiles({
        name: 'questions.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: sheet([HEADER, ...ROWS]),
      });
      const preview = dialog.getByTestId('quiz-import-preview');
      await preview.getByText('3 question(s) can be added; 2 row(s) need fixing.').waitFor();
      const errors = await preview.getByTestId('quiz-import-errors').locator('li').allTextContents();
      assert.deepEqual(errors, [
        'Row 4: Question is blank.',
        'Row 5: A single-choice question has exactly one correct option: write one number in Correct, or set Type to multiple.',
      ]);
      await dialog.getByTestId('import-confirm').click();
      await expectToast(page, '3 question(s) added to the quiz. Save the quiz to keep them.');

      // The blank starting section gave way to the two imported ones.
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="quiz-section"]').length === 2,
      );
      assert.deepEqual(
        await page
          .getByTestId('section-title')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
        ['Spills', 'Noise'],
      );

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-quiz').click(),
      ]);
      const exported = read(await downloadedBytes(download), { type: 'buffer' });
      const rows = utils.sheet_to_json<string[]>(exported.Sheets[exported.SheetNames[0]!]!, {
        header: 1,
        raw: false,
        defval: '',
      });
      assert.deepEqual(rows[0], HEADER);
      assert.deepEqual(rows.slice(1), [ROWS[0], ROWS[1], ROWS[4]]);

      await page.getByTestId('save-quiz').click();
      await expectToast(page, 'Quiz added successfully.');
      await page.waitForURL('**/home/quiz');
      const deadline = Date.now() + 30_000;
      let found: { sections: { title: string; questions: { text: string }[] }[] }[] = [];
      while (Date.now() < deadline && found.length === 0) {
        const res = await apiPost<{ items: typeof found }>(token, 'v1/Quiz/List', { search: name });
        found = res.data.items;
        if (!found.length) await page.waitForTimeout(250);
      }
      assert.equal(found.length, 1);
      assert.deepEqual(
        found[0]!.sections.map((sec) => [sec.title, sec.questions.map((q) => q.text)]),
        [
          ['Spills', ['What do you use on an oil spill?', 'Who do you tell about a chemical spill?']],
          ['Noise', ['Which of these protect hearing?']],
        ],
      );
    } finally {
      await s.close();
    }
  });
});
