import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Spec section 1: default English, fallback Thai. Catalog locales are Lingui's (vi, my, zh);
// contract/languages.ts maps them to the API's codes (vn, mm, cn).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'th', 'vi', 'my', 'zh'],
  fallbackLocales: { default: 'th', th: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
