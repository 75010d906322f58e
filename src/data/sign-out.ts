import { z } from 'zod';
import { apiPost } from '@/data/api';
import { queryClient } from '@/data/query-client';
import { clearSession, getToken } from '@/data/session-store';
import { KEPT_ON_SIGN_OUT, SIGN_OUT_NOTICE_KEY } from '@/data/storage-keys';

export type SignOutNotice =
  | { kind: 'idle' | 'expired' | 'signed-out' }
  | { kind: 'maintenance'; message: string };

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring every cookie needs document.cookie; the Cookie Store API is not in every browser
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function clearLocalStorage() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key && !KEPT_ON_SIGN_OUT.includes(key)) localStorage.removeItem(key);
}

/** Runtime caches may hold API answers; the precache holds only the app shell, which stays for offline use. */
async function clearApiCaches() {
  if (!('caches' in globalThis)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
}

/** Forgets everything about the user on this device except the language and cookie-notice choices. */
export async function clearLocalData(notice?: SignOutNotice) {
  queryClient.clear();
  clearLocalStorage();
  sessionStorage.clear();
  clearCookies();
  clearSession();
  if (notice) sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, JSON.stringify(notice));
  await clearApiCaches().catch(() => undefined);
}

/** Revokes the token on the server when reachable (never blocks sign-out on it), then clears local data. */
export async function signOut(notice: SignOutNotice = { kind: 'signed-out' }) {
  if (getToken()) {
    const timeout = AbortSignal.timeout(5_000);
    await apiPost('/v1/Login/Logout', { schema: z.unknown(), signal: timeout }).catch(() => undefined);
  }
  await clearLocalData(notice);
}

export function readSignOutNotice(): SignOutNotice | null {
  try {
    const raw = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
    return raw ? (JSON.parse(raw) as SignOutNotice) : null;
  } catch {
    return null;
  }
}

export const dismissSignOutNotice = () => sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
