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
