// The activity log shows a permission change made a moment before, at 375 px, and still shows it
// offline after a reload (the last answer is kept on the device).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
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

type Role = {
  id: string;
  name: string;
  rev: number;
  permissions: { areas: Record<string, { delete: boolean }> };
};

describe('the activity log', () => {
  let s: Session;
  after(() => s?.close());

  it('shows a permission change made a moment before at 375 px, and keeps it readable offline', async () => {
    const admin = await apiToken('DEMO', 'admin', 'Admin@1234');
    const roles = await apiPost<{ items: Role[] }>(admin, 'v1/Role/List', { per_page: 50 });
    const trainer = roles.data.items.find((r) => r.name === 'Trainer')!;
    const permissions = structuredClone(trainer.permissions);
    permissions.areas.banner!.delete = !permissions.areas.banner!.delete;
    const changed = await apiPost(admin, 'v1/Role/Update', { ...trainer, permissions });
    assert.equal(changed.httpStatus, 200, changed.message);

    s = await openBrowser({ width: 375, height: 800 });
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await s.page.goto('/user-management/activity-log');
    await s.page.getByLabel('Action').selectOption({ label: 'Permissions changed' });
    const card = s.page.getByTestId('log-card').filter({ hasText: 'Trainer' }).first();
    await card.waitFor({ timeout: 20_000 });
    assert.match(await card.innerText(), /Permissions changed/);
    assert.match(await card.innerText(), /Somchai Jaidee/);
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);

    await waitForServiceWorkerControl(s.page);
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByLabel('Action').selectOption({ label: 'Permissions changed' });
      await s.page
        .getByTestId('log-card')
        .filter({ hasText: 'Trainer' })
        .first()
        .waitFor({ timeout: 20_000 });
      await s.page.getByText(/You are offline\. These entries are as of/).waitFor();
    } finally {
      await goOnline(s.context);
    }
  });
});
