import { z } from 'zod';
import { apiPost } from '@/data/http/api';
import { queryClient } from '@/data/http/query-client';
import { clearSession, getSession, getToken } from '@/data/session/session-store';
import { type SignOutNotice, writeSignOutNotice } from '@/data/session/sign-out-notice';
import { flushBeforeSignOut, IDLE_FLUSH_MS, keepOnlyOutbox } from '@/data/session/sign-out-outbox';
import { KEPT_ON_SIGN_OUT } from '@/data/session/storage-keys';

export type { SignOutNotice };

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

let clearing: Promise<void> = Promise.resolve();

/** Forgets everything about the user on this device except the language and cookie-notice choices. */
export function clearLocalData(notice?: SignOutNotice): Promise<void> {
  queryClient.clear();
  clearLocalStorage();
  sessionStorage.clear();
  clearCookies();
  clearSession();
  if (notice) writeSignOutNotice(notice);
  clearing = clearApiCaches().catch(() => undefined);
  return clearing;
}

/** Resolves once the last clearLocalData is done: the page may be left without cutting it short. */
export const localDataCleared = () => clearing;

/**
 * Never drops unsent work: an idle sign-out first tries briefly to send it (the menu's sign-out
 * asked the admin and tried already), then only the outbox of this user stays on the device.
 * Revokes the token on the server when reachable (never blocks sign-out on it), then clears
 * everything else.
 */
export async function signOut(
  notice: SignOutNotice = { kind: 'signed-out' },
  { flushMs = notice.kind === 'idle' ? IDLE_FLUSH_MS : 0 }: { flushMs?: number } = {},
) {
  const session = getSession();
  if (flushMs > 0) await flushBeforeSignOut(flushMs);
  await keepOnlyOutbox(session).catch(() => 0);
  if (getToken()) {
    const timeout = AbortSignal.timeout(5_000);
    await apiPost('/v1/Login/Logout', { schema: z.unknown(), signal: timeout }).catch(() => undefined);
  }
  await clearLocalData(notice);
}
