import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  goOffline,
  goOnline,
  openBrowser,
  type Session,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';

describe('installable, offline-capable shell', () => {
  let s: Session;
  before(async () => {
    s = await openBrowser();
    await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
    await waitForServiceWorkerControl(s.page);
  });
  after(() => s.close());

  it('passes Chromium installability checks', async () => {
    const cdp = await s.context.newCDPSession(s.page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    assert.deepEqual(installabilityErrors, []);
    const manifest = await s.page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    assert.ok(
      manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable'),
      'no maskable icon',
    );
  });

  it('reloads to the signed-in shell with the network cut', async () => {
    await goOffline(s.context);
    try {
      await s.page.reload();
      await s.page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
      await s.page.getByTestId('company-name').getByText('Demo Manufacturing Co., Ltd.').waitFor();
      // A deep link also opens offline through the navigation fallback.
      await s.page.goto('/inbox');
      await s.page.getByTestId('app-shell').waitFor();
    } finally {
      await goOnline(s.context);
    }
  });

  it('never answers a missing asset with the shell', async () => {
    const res = await s.page.request.get('/assets/does-not-exist.js');
    assert.equal(res.status(), 404);
  });
});
