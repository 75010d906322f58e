import type { Locale } from '#contract/languages.ts';

/** Each language in its own script, so a reader finds theirs whatever the UI language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  my: 'မြန်မာ',
  zh: '中文',
};
