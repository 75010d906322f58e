import { type SessionData, sessionData } from '#contract/auth.ts';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: SessionData | null } = { raw: null, value: null };

function read(): SessionData | null {
  const raw = localStorage.getItem(STORAGE_KEYS.session);
  if (raw === cached.raw) return cached.value;
  let value: SessionData | null = null;
  if (raw) {
    try {
      const parsed = sessionData.safeParse(JSON.parse(raw));
      value = parsed.success ? parsed.data : null;
    } catch {
      value = null;
    }
  }
  cached = { raw, value };
  return value;
}

const notify = () => {
  for (const l of listeners) l();
};

export const getSession = (): SessionData | null => read();
export const getToken = (): string | null => read()?.token ?? null;

/** Stores the session the server gave us. It never contains a password (contract/auth.ts). */
export function setSession(session: SessionData) {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(sessionData.parse(session)));
  notify();
}

export function updateSession(patch: Partial<Omit<SessionData, 'token'>>) {
  const current = read();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.session);
  notify();
}

export function subscribeSession(listener: Listener) {
  listeners.add(listener);
  // Another tab signing in or out changes our session too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.session || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
