declare const self: ServiceWorkerGlobalScope;

type PushPayload = { id?: string; title?: string; body?: string; link?: string | null };

/**
 * Web Push from the server's delivery queue (server/services/channels/push.ts): shows the
 * notification, and a click opens its link (or the inbox), focusing an open console tab when the
 * link is the console's own.
 */
export function listenForPush() {
  self.addEventListener('push', (event) => {
    let data: PushPayload = {};
    try {
      data = (event.data?.json() ?? {}) as PushPayload;
    } catch {
      data = { title: event.data?.text() };
    }
    event.waitUntil(
      self.registration.showNotification(data.title || 'Notification', {
        body: data.body ?? '',
        tag: data.id,
        icon: '/icons/icon-192.png',
        data: { link: data.link ?? null },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string | null } | null)?.link;
    const target = new URL(link || '/inbox', self.location.origin).href;
    event.waitUntil(
      (async () => {
        const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = tabs.find((c) => c.url === target);
        if (same) return void (await same.focus());
        await self.clients.openWindow(target);
      })(),
    );
  });
}
