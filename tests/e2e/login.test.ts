import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type Session, signIn } from './browser.ts';

describe('signing in and out', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser();
  });
  after(() => s.close());

  it('sends a visitor without a session to /login and hides the navigation there', async () => {
    await s.page.goto('/inbox');
    await s.page.getByTestId('login-form').waitFor();
    assert.equal(new URL(s.page.url()).pathname, '/login');
    assert.equal(await s.page.getByTestId('nav-drawer').count(), 0);
  });

  it('says what is missing, in the page language, when the form is sent empty', async () => {
    await s.page.goto('/login?from=%2Finbox');
    const form = s.page.getByTestId('login-form');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.getByText('Please enter your company code.').waitFor();
    await form.getByText('Please enter your username.').waitFor();
    await form.getByText('Please enter your password.').waitFor();
    assert.equal(await form.getByLabel('Company code').evaluate((el) => el === document.activeElement), true);
    // The sign-in page carries only its own part of the catalog: no message may be missing from it.
    await s.page.goto('/login?db_locale=th');
    await s.page.getByTestId('login-form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await s.page.getByText('กรุณากรอกรหัสบริษัท').first().waitFor();
    await s.page.goto('/login?db_locale=en');
    await s.page.getByTestId('login-form').waitFor();
  });

  it('shows the spec message for a wrong password', async () => {
    await s.page.goto('/login');
    const form = s.page.getByTestId('login-form');
    await form.getByLabel('Company code').fill('DEMO');
    await form.getByLabel('Username').fill('admin');
    await form.getByLabel(/^Password\*?$/).fill('not-the-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await s.page.getByText('Sorry, your account or password is incorrect. Please try again.').waitFor();
    // The form's focus preloaded the console's code from the build's list (src/app/prepare-console.ts).
    const entries = await s.page.waitForFunction(() => {
      const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')]
        .map((l) => l.href)
        .filter((href) => /\/assets\/console-entry-/.test(href));
      return hrefs.every((h) => performance.getEntriesByName(h).length > 0) && hrefs.length;
    });
    assert.equal(await entries.jsonValue(), 1, 'the console entry is preloaded once');
  });

  it('signs the demo admin in to the shell with the company name and unread badge', async () => {
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await s.page.getByTestId('company-name').getByText('Demo Manufacturing Co., Ltd.').waitFor();
    await s.page.getByTestId('unread-badge').waitFor();
    const unread = Number(await s.page.getByTestId('unread-badge').innerText());
    assert.ok(unread > 0, `expected unread notifications, badge says ${unread}`);
    assert.ok(await s.page.getByTestId('nav-drawer').isVisible());
  });

  it('opens the inbox from the bell', async () => {
    await s.page.getByTestId('unread-badge').click();
    await s.page.waitForURL('**/inbox');
  });

  it('signs out to /login and forgets the session', async () => {
    await s.page.getByTestId('account-menu-button').click();
    await s.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await s.page.getByTestId('login-form').waitFor();
    const stored = await s.page.evaluate(() => JSON.stringify(localStorage));
    assert.ok(!/token/i.test(stored), `local storage still holds a token: ${stored}`);
    await s.page.goto('/inbox');
    await s.page.getByTestId('login-form').waitFor();
  });
});

describe('the menu follows the role', () => {
  it('hides user management, company profile and send notification from the demo trainer', async () => {
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'trainer', 'Trainer@1234');
      const nav = s.page.getByTestId('nav-drawer');
      const text = (await nav.textContent()) ?? '';
      for (const hidden of ['User management', 'Company profile', 'Send notification']) {
        assert.ok(!text.includes(hidden), `trainer sees "${hidden}"`);
      }
      assert.ok(text.includes('Dashboard'), 'trainer should see the dashboard group');
    } finally {
      await s.close();
    }
  });

  it('shows the same three groups to the demo admin', async () => {
    const s = await openBrowser();
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      const text = (await s.page.getByTestId('nav-drawer').textContent()) ?? '';
      for (const shown of ['User management', 'Company profile', 'Send notification']) {
        assert.ok(text.includes(shown), `admin does not see "${shown}"`);
      }
    } finally {
      await s.close();
    }
  });
});
