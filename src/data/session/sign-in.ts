import type { SessionData } from '#contract/auth.ts';
import { setSession } from '@/data/session/session-store';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/** Starts a session: stores what the server returned and starts the shared idle clock now. */
export function recordSignIn(session: SessionData, now = Date.now()) {
  localStorage.setItem(STORAGE_KEYS.lastActivity, String(now));
  setSession(session);
}
