import type { SessionData } from '#contract/auth.ts';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/**
 * Starts a session: stores what the server returned and starts the shared idle clock now. The
 * sign-in page writes storage directly (it carries no zod); session-store checks the session
 * against the contract whenever the console reads it, and treats a bad one as no session.
 */
export function recordSignIn(session: SessionData, now = Date.now()) {
  localStorage.setItem(STORAGE_KEYS.lastActivity, String(now));
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
}
