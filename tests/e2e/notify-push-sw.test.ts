// The console's service worker and Web Push: a push message delivered to it (through the DevTools
// protocol, as a push service would) shows a notification with the payload's title, text and link.
// (Subscribing itself needs the browser vendor's push service, which a headless test machine has not.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseUrl, openBrowser, signIn, waitForServiceWorkerControl } from './browser.ts';

describe('web push in the console', () => {
  it('the service worker shows a pushed notification', async () => {
    const s = await openBrowser({ width: 375, height: 800 }, { ownProcess: true });
    try {
      await s.context.grantPermissions(['notifications'], { origin: baseUrl });
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      const cdp = await s.context.newCDPSession(s.page);
      const registrationId = await new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
          const mine = e.registrations.find((r) => r.scopeURL.startsWith(baseUrl) && !r.isDeleted);
          if (mine) resolve(mine.registrationId);
        });
        void cdp.send('ServiceWorker.enable');
      });
      const payload = { id: 'p1', title: 'Pushed safety notice', body: 'Helmets on.', link: '/inbox' };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(baseUrl).origin,
        registrationId,
        data: JSON.stringify(payload),
      });
      const shownList = () =>
        s.page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            link: (n.data as { link?: string } | null)?.link,
          }));
        });
      let list = await shownList();
      for (const deadline = Date.now() + 15_000; list.length === 0 && Date.now() < deadline; ) {
        await s.page.waitForTimeout(250);
        list = await shownList();
      }
      assert.deepEqual(
        list.find((n) => n.title === payload.title),
        {
          title: payload.title,
          body: payload.body,
          link: '/inbox',
        },
      );
    } finally {
      await s.close();
    }
  });
});
