import { describe, expect, it } from 'vitest';
import { apiToLocale, LOCALES, localeToApi, parseLocale } from '#contract/languages.ts';
import { startLocale } from '@/app/start-locale';
import { getStoredLocale, storeLocale } from '@/data/locale/locale-store';
import { setSession } from '@/data/session/session-store';
import { clearLocalData } from '@/data/session/sign-out';
import { STORAGE_KEYS } from '@/data/session/storage-keys';
import { session } from '../../fixtures.ts';

describe('language codes', () => {
  it.each([
    ['vi', 'vi'],
    ['vn', 'vi'],
    ['my', 'my'],
    ['mm', 'my'],
    ['zh', 'zh'],
    ['cn', 'zh'],
    ['th', 'th'],
    ['EN', 'en'],
  ])('db_locale=%s selects %s', (query, locale) => {
    expect(parseLocale(query)).toBe(locale);
  });

  it('ignores unknown or missing values', () => {
    expect(parseLocale('fr')).toBeUndefined();
    expect(parseLocale('')).toBeUndefined();
    expect(parseLocale(null)).toBeUndefined();
  });

  it('maps every console locale to the API code and back', () => {
    expect(LOCALES.map(localeToApi)).toEqual(['en', 'th', 'vn', 'mm', 'cn']);
    for (const l of LOCALES) expect(apiToLocale(localeToApi(l))).toBe(l);
  });
});

describe('startLocale', () => {
  it('defaults to English', () => {
    expect(startLocale('')).toBe('en');
  });

  it('takes ?db_locale= first and remembers it on this device', () => {
    storeLocale('th');
    expect(startLocale('?db_locale=mm')).toBe('my');
    expect(getStoredLocale()).toBe('my');
  });

  it("prefers this device's choice over the session's language", () => {
    setSession(session({ language: 'cn' }));
    expect(startLocale('')).toBe('zh');
    storeLocale('vi');
    expect(startLocale('')).toBe('vi');
  });

  it('ignores an unknown db_locale', () => {
    expect(startLocale('?db_locale=xx')).toBe('en');
  });
});

describe('clearLocalData', () => {
  it('keeps the language choice and the cookie-notice flag, and forgets the rest', async () => {
    storeLocale('th');
    localStorage.setItem(STORAGE_KEYS.cookieNotice, '1');
    localStorage.setItem('anything-else', 'x');
    sessionStorage.setItem('draft', 'y');
    setSession(session());
    await clearLocalData({ kind: 'idle' });
    expect(getStoredLocale()).toBe('th');
    expect(localStorage.getItem(STORAGE_KEYS.cookieNotice)).toBe('1');
    expect(localStorage.getItem('anything-else')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem('draft')).toBeNull();
  });
});
