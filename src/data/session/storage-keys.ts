/** Every localStorage key the console writes, so sign-out knows what it may keep. */
export const STORAGE_KEYS = {
  session: 'console.session',
  locale: 'console.locale',
  cookieNotice: 'console.cookie-notice',
  lastActivity: 'console.last-activity',
  /** The list screen last opened, read early at the next start on it (db/early-list.ts). */
  lastList: 'console.last-list',
  /** Where the last list stood on its page, so the next start places its rows at once (use-list-box.ts). */
  listBox: 'console.list-box',
} as const;

/** Kept on sign-out: the language choice works offline, and the notice was already read. */
export const KEPT_ON_SIGN_OUT: readonly string[] = [STORAGE_KEYS.locale, STORAGE_KEYS.cookieNotice];

/** Written to sessionStorage after sign-out, read by the login page. */
export const SIGN_OUT_NOTICE_KEY = 'console.sign-out-notice';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** A stored JSON value, or null when absent, unreadable or storage is denied. Its fields are not checked. */
export function readStored<T>(key: StorageKey): Partial<T> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** Stores a value as JSON, unless it is already stored; a full or denied storage keeps the old one. */
export function writeStored(key: StorageKey, value: unknown) {
  const raw = JSON.stringify(value);
  try {
    if (localStorage.getItem(key) !== raw) localStorage.setItem(key, raw);
  } catch {
    // Nothing else to do: every value stored this way is a hint the console can do without.
  }
}
