/// <reference lib="webworker" />
import { CACHE_ASSETS, type CacheAssetsMessage } from '@/data/locale/language-assets';
import type { AssetGroup } from './asset-groups.ts';

declare const self: ServiceWorkerGlobalScope;

type ManifestEntry = string | { url: string; revision?: string | null };

/** A built file the worker caches after install: its group and the key it is kept under. */
export type LaterAsset = { group: AssetGroup; key: string };

const LATER_CACHE = 'later-assets';

/**
 * Splits the build's manifest into what is precached at install and what is cached later, by
 * path. A later file with a revision (a manual page, whose name carries no hash) is kept under a
 * key that names the revision, so a new build's page replaces the old one.
 */
export function splitManifest(manifest: readonly ManifestEntry[], groupOf: (url: string) => AssetGroup) {
  const core: ManifestEntry[] = [];
  const later = new Map<string, LaterAsset>();
  for (const entry of manifest) {
    const { url, revision = null } = typeof entry === 'string' ? { url: entry } : entry;
    const group = groupOf(url);
    if (group.kind === 'core') {
      core.push(entry);
      continue;
    }
    const href = new URL(url, self.location.href).href;
    later.set(new URL(href).pathname, { group, key: revision ? `${href}?rev=${revision}` : href });
  }
  return { core, later };
}

/**
 * Later files are served cache-first: from the cache once stored, otherwise from the network
 * and then stored (a font the page needs before its language was cached, a subset no language
 * asked for). Only complete 200 answers are kept.
 */
export function routeLaterAssets(later: ReadonlyMap<string, LaterAsset>) {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    const asset =
      url.origin === self.location.origin && event.request.method === 'GET' && later.get(url.pathname);
    if (!asset) return;
    event.respondWith(
      (async () => {
        const cache = await caches.open(LATER_CACHE);
        const hit = await cache.match(asset.key);
        if (hit) return hit;
        const res = await fetch(event.request);
        if (res.status === 200) await cache.put(asset.key, res.clone());
        return res;
      })(),
    );
  });
}

/** Stores the files of the wanted groups that are not stored yet, a few at a time. */
async function store(later: ReadonlyMap<string, LaterAsset>, wanted: (g: AssetGroup) => boolean) {
  const cache = await caches.open(LATER_CACHE);
  const missing: [string, string][] = [];
  for (const [path, asset] of later)
    if (wanted(asset.group) && !(await cache.match(asset.key))) missing.push([path, asset.key]);
  let failed = 0;
  const next = async (): Promise<void> => {
    const item = missing.shift();
    if (!item) return;
    try {
      const res = await fetch(item[0], { cache: 'no-cache' });
      if (res.status === 200) await cache.put(item[1], res);
      else failed++;
    } catch {
      failed++;
    }
    return next();
  };
  await Promise.all(Array.from({ length: 4 }, next));
  return failed;
}

/** Drops stored files no build of this version names (an old hash, an old manual page). */
async function dropStale(later: ReadonlyMap<string, LaterAsset>) {
  const keep = new Set([...later.values()].map((a) => a.key));
  const cache = await caches.open(LATER_CACHE);
  for (const req of await cache.keys()) if (!keep.has(req.url)) await cache.delete(req);
}

/**
 * The console asks for a language's files when that language is first used on the device (and at
 * every start, which finds them stored), and for the deferred libraries once signed in. The answer
 * on the message's port says how many files could not be fetched (0: all stored).
 */
export function listenForAssetRequests(later: ReadonlyMap<string, LaterAsset>) {
  self.addEventListener('activate', (event) => event.waitUntil(dropStale(later)));
  self.addEventListener('message', (event) => {
    const data = event.data as CacheAssetsMessage | undefined;
    if (data?.type !== CACHE_ASSETS) return;
    const wanted = (g: AssetGroup) =>
      (g.kind === 'language' && g.locale === data.locale) || (g.kind === 'deferred' && !!data.deferred);
    event.waitUntil(
      store(later, wanted).then(
        (failed) => event.ports[0]?.postMessage({ failed }),
        () => event.ports[0]?.postMessage({ failed: -1 }),
      ),
    );
  });
}

/**
 * A screen loads about 160 built scripts. Answered by the worker's fetch handlers, each costs a
 * few milliseconds of the worker's single thread, so an offline start waited on the worker for
 * about 600 ms in all. A static route (Chromium 123+) lets the browser answer them straight from
 * Cache Storage without running the worker's JavaScript. The files' names carry their content
 * hash and they are stored under their bare URL (precache and later cache alike), so any stored
 * copy is the right one. A file in no cache goes to the network, as the handlers would send it;
 * the only difference is that such a later file is then not stored on the way, which its group's
 * request (listenForAssetRequests) does anyway. Fonts and manual pages keep the handlers, which
 * store them on first use. Browsers without the API run the handlers for everything.
 */
export function answerBuiltCodeFromCache() {
  self.addEventListener('install', (event) => {
    const install = event as ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
    if (!install.addRoutes) return;
    // One rule per pattern: an `or` condition may not sit beside other conditions.
    const rules = ['/assets/*.js', '/assets/*.css'].map((pathname) => ({
      condition: { urlPattern: { pathname }, requestMethod: 'GET' },
      source: 'cache',
    }));
    event.waitUntil(
      install.addRoutes(rules).catch((error: unknown) => console.warn('static routes not added', error)),
    );
  });
}
