/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { assetGroup } from './asset-groups.ts';
import { listenForBackgroundSync } from './background-sync.ts';
import {
  answerBuiltCodeFromCache,
  listenForAssetRequests,
  routeLaterAssets,
  splitManifest,
} from './later-assets.ts';
import { listenForPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

// The shell, every route's code and the five catalogs are precached at install, so an offline
// reload renders the console in any language; fonts and manual pages of a language, and the few
// large libraries only some screens use, are cached later (sw/asset-groups.ts says when).
const { core, later } = splitManifest(self.__WB_MANIFEST, assetGroup);
precacheAndRoute(core);
cleanupOutdatedCaches();
routeLaterAssets(later);
listenForAssetRequests(later);
answerBuiltCodeFromCache();

// Every in-app navigation is answered with the precached shell; the API, uploaded files, deep
// links (/l/{code}) and the manual pages are real paths and must never get index.html.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/files\//, /^\/l\//, /^\/verify\//, /^\/manual\//],
  }),
);

// Uploaded files: a file's content never changes under its id (a new upload gets a new id), so
// cache-first is safe and shows pictures offline. The console opens them by signed URLs whose
// `?exp&sig` change every hour, so the cache key is the path alone: a file seen once is found
// again under any later signature, and under the bare path the console uses when it cannot sign
// (offline). Only 200 answers are kept (never a 401/403, nor a 206 part).
const byPathOnly: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
};
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/files/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'uploaded-files',
    plugins: [
      byPathOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version waits until the console asks for it (the user accepted the update prompt and has
// no unsaved work), so an update never reloads over the user's work.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: drains the outbox after the tabs closed (guarantee 10).
listenForBackgroundSync();

// Web Push of the notifications an administrator turned on for this browser.
listenForPush();

// The first install takes control at once so the very first visit already works offline.
clientsClaim();
