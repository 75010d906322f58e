import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type Session, signIn } from './browser.ts';

describe('at 375 px', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser({ width: 375, height: 740 });
  });
  after(() => s.close());

  const overflow = () => s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('lays out /login without horizontal scrolling', async () => {
    await s.page.goto('/login');
    await s.page.getByTestId('login-form').waitFor();
    assert.ok((await overflow()) <= 0, `login overflows by ${await overflow()} px`);
  });

  it('turns the drawer into an overlay opened from the menu button', async () => {
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    assert.ok((await overflow()) <= 0, `shell overflows by ${await overflow()} px`);
    assert.equal(await s.page.getByTestId('nav-drawer').isVisible(), false);
    await s.page.getByTestId('menu-toggle').click();
    await s.page.getByTestId('nav-drawer').waitFor({ state: 'visible' });
    await s.page.keyboard.press('Escape');
    await s.page.getByTestId('nav-drawer').waitFor({ state: 'hidden' });
  });

  it('keeps the inbox within the screen', async () => {
    await s.page.goto('/inbox');
    await s.page.getByTestId('app-shell').waitFor();
    assert.ok((await overflow()) <= 0, `inbox overflows by ${await overflow()} px`);
  });
});

describe('people screens at 375 px in every language', () => {
  const screens: { name: string; open: (s: Session) => Promise<void> }[] = [
    { name: 'users', open: (s) => s.page.goto('/user-management').then(() => undefined) },
    { name: 'roles', open: (s) => s.page.getByRole('tab').nth(1).click() },
    { name: 'departments', open: (s) => s.page.getByRole('tab').nth(2).click() },
    { name: 'member list', open: (s) => s.page.goto('/user-management/member-list').then(() => undefined) },
    { name: 'import', open: (s) => s.page.goto('/user-management/import').then(() => undefined) },
    { name: 'company profile', open: (s) => s.page.goto('/company-profile').then(() => undefined) },
  ];
  const english = new Map<string, string>();

  for (const locale of ['en', 'th', 'vi', 'my', 'zh']) {
    it(`fits and is translated in ${locale}`, async () => {
      const s = await openBrowser({ width: 375, height: 740 });
      try {
        await signIn(s.page, 'DEMO', 'admin', 'Admin@1234', locale);
        for (const screen of screens) {
          await screen.open(s);
          const heading = s.page.locator('main h1, [data-testid=app-shell] h1').first();
          await heading.waitFor();
          await s.page.waitForLoadState('networkidle');
          const text = (await heading.textContent())?.trim() ?? '';
          const over = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(over <= 0, `${locale} ${screen.name} overflows by ${over} px`);
          if (locale === 'en') english.set(screen.name, text);
          else
            assert.notEqual(
              text,
              english.get(screen.name),
              `${locale} ${screen.name}: heading not translated`,
            );
        }
      } finally {
        await s.close();
      }
    });
  }
});
