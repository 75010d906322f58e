import type { Locale } from '#contract/languages.ts';

/** The console's request to the service worker (sw/later-assets.ts) to cache files it will need. */
export const CACHE_ASSETS = 'CACHE_ASSETS';
export type CacheAssetsMessage = {
  type: typeof CACHE_ASSETS;
  /** A language's fonts and manual page. */
  locale?: Locale;
  /** The large libraries some screens use (Excel, picture compression). */
  deferred?: boolean;
};

/**
 * Asks the service worker to store a language's fonts (or the deferred libraries) for offline
 * use, while the network is there. Resolves with the number of files it could not fetch (0 when
 * all are stored, or when there is no service worker, as in development); never rejects.
 */
export async function cacheForOffline(request: Omit<CacheAssetsMessage, 'type'>): Promise<number> {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return 0;
  try {
    const registration = await sw.ready;
    const worker = registration.active;
    if (!worker) return 0;
    const channel = new MessageChannel();
    const answer = new Promise<number>((resolve) => {
      channel.port1.onmessage = (e) => resolve(Number((e.data as { failed?: number }).failed ?? 0));
    });
    worker.postMessage({ type: CACHE_ASSETS, ...request } satisfies CacheAssetsMessage, [channel.port2]);
    return await answer;
  } catch {
    return 0;
  }
}
