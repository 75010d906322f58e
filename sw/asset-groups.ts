import type { Locale } from '#contract/languages.ts';

/**
 * Which built files the service worker stores when (issue 14: a small first install).
 *
 * - `core`: precached at install, atomically: the shell, every route's code, the English catalog,
 *   the icons and the Latin font. The console opens offline in English from these alone.
 * - `language`: a language's catalog, fonts (for Chinese, also its @font-face rules) and manual page, cached when that language is first used
 *   on this device (the console asks at start-up and on every switch), so it is there before the
 *   network goes. Chinese alone is 2.4 MB of font subsets, which only Chinese readers need.
 * - `deferred`: the Excel reader and writer (almost 1 MB, used by imports and exports only), the
 *   dashboard's charts (nivo, about 370 kB) the certificate canvas (Konva, about 300 kB) and the picture cropper (50 kB); cached in the background as soon as someone signs
 *   in, not at install.
 * - `onDemand`: font subsets none of our languages needs (Cyrillic, Greek, Devanagari come with the
 *   Noto Sans package): cached only if a page ever uses them.
 */
export type AssetGroup =
  | { kind: 'core' }
  | { kind: 'language'; locale: Locale }
  | { kind: 'deferred' }
  | { kind: 'onDemand' };

const LANGUAGE_FILES: readonly [RegExp, Locale][] = [
  [/\/noto-sans-thai-/, 'th'],
  [/\/noto-sans-(latin-ext|vietnamese)-\d/, 'vi'],
  [/\/noto-sans-myanmar-/, 'my'],
  [/\/noto-sans-sc-/, 'zh'],
];

const DEFERRED = [
  /\/assets\/xlsx-[\w-]+\.js$/,
  /\/assets\/[\w-]*worker[\w-]*\.js$/,
  /\/assets\/dashboard-charts-[\w-]+\.js$/,
  /\/assets\/certificate-canvas-[\w-]+\.js$/,
  /\/assets\/image-crop-dialog-[\w-]+\.js$/,
];

/** The group of a built file, by its URL (as in the precache manifest). */
export function assetGroup(url: string): AssetGroup {
  const path = `/${url.replace(/^\/+/, '').split('?')[0]}`;
  const own =
    /\/manual\/(en|th|vi|my|zh)\.html$/.exec(path) ??
    /\/assets\/messages-(th|vi|my|zh)-[\w-]+\.js$/.exec(path);
  if (own) return { kind: 'language', locale: own[1] as Locale };
  for (const [pattern, locale] of LANGUAGE_FILES) if (pattern.test(path)) return { kind: 'language', locale };
  if (/\.woff2?$/.test(path))
    return /\/noto-sans-latin-\d/.test(path) ? { kind: 'core' } : { kind: 'onDemand' };
  if (DEFERRED.some((p) => p.test(path))) return { kind: 'deferred' };
  return { kind: 'core' };
}
