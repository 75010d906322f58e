import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type Session, signIn } from './browser.ts';

const LANGUAGES = [
  { name: 'ไทย', lang: 'th', font: 'Noto Sans Thai', sample: 'ภาษาไทย' },
  { name: 'Tiếng Việt', lang: 'vi', font: 'Noto Sans', sample: 'Tiếng Việt' },
  { name: 'မြန်မာ', lang: 'my', font: 'Noto Sans Myanmar', sample: 'မြန်မာ' },
  { name: '中文', lang: 'zh', font: 'Noto Sans SC', sample: '中文' },
  { name: 'English', lang: 'en', font: 'Noto Sans', sample: 'English' },
];

describe('five languages', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
  });
  after(() => s.close());

  for (const l of LANGUAGES) {
    it(`switches the console to ${l.lang} and renders it with a shipped font`, async () => {
      const englishNav = l.lang === 'en' ? null : await s.page.getByTestId('nav-drawer').innerText();
      await s.page.getByTestId('language-button').click();
      await s.page.getByRole('button', { name: l.name, exact: true }).click();
      await s.page.waitForFunction((lang) => document.documentElement.lang === lang, l.lang);
      if (englishNav !== null) {
        await s.page.waitForFunction(
          (before) => document.querySelector('[data-testid="nav-drawer"]')?.textContent !== before,
          englishNav,
        );
      }
      const rendered = await s.page.evaluate(
        async ({ font, sample }) => {
          await document.fonts.load(`16px "${font}"`, sample);
          return document.fonts.check(`16px "${font}"`, sample);
        },
        { font: l.font, sample: l.sample },
      );
      assert.ok(rendered, `${l.font} is not available for ${l.lang}`);
    });
  }

  it('keeps the chosen language after signing in again', async () => {
    await s.page.getByTestId('language-button').click();
    await s.page.getByRole('button', { name: 'ไทย', exact: true }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === 'th');
    await s.page.reload();
    await s.page.getByTestId('app-shell').waitFor();
    assert.equal(await s.page.evaluate(() => document.documentElement.lang), 'th');
  });

  it('takes the language of the db_locale query on /login', async () => {
    const fresh = await openBrowser();
    try {
      await fresh.page.goto('/login?db_locale=mm');
      await fresh.page.getByTestId('login-form').waitFor();
      await fresh.page.waitForFunction(() => document.documentElement.lang === 'my');
    } finally {
      await fresh.close();
    }
  });
});
