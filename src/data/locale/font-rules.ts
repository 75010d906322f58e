import type { Locale } from '#contract/languages.ts';

/**
 * The Chinese font's @font-face rules are 118 kB of unicode ranges (101 subsets), most of the
 * main stylesheet, and only Chinese text needs them (issue 14: they were precached on every device
 * and parsed on every start). They load with the Chinese catalog, before the first Chinese
 * render; in the other languages a little after start, so Chinese names in the data still get the
 * font while online. The service worker stores them with the Chinese fonts (sw/asset-groups.ts).
 */
let loading: Promise<void> | undefined;

// Not `import(...).then(...)`: Vite moves a chained `.then` inside its preload wrapper, where it
// would not see the stylesheet's failure.
const rules = () => import('@fontsource/noto-sans-sc/400.css');

/** A language is never held up by its font for longer than this: the system font stands in. */
const WAIT_MS = 3_000;

export function loadFontRules(locale: Locale): Promise<void> | undefined {
  if (locale !== 'zh') return undefined;
  loading ??= rules().then(
    () => undefined,
    // Offline before Chinese was ever used here: the system's CJK font stands in, as before.
    () => {
      loading = undefined;
    },
  );
  return Promise.race([loading, new Promise<void>((resolve) => window.setTimeout(resolve, WAIT_MS))]);
}

/** After start in another language: loads them when the page is idle, if the network is there. */
export function loadFontRulesLater() {
  const later = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 2_000));
  later(() => {
    if (navigator.onLine) void loadFontRules('zh');
  });
}
