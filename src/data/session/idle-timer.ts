import { STORAGE_KEYS } from '@/data/session/storage-keys';

type SharedStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type IdleTimerOptions = {
  limitMs: number;
  onIdle: () => void;
  now?: () => number;
  storage?: SharedStorage;
  key?: string;
  /** Activity is written at most this often, so mouse moves do not hammer localStorage. */
  writeEveryMs?: number;
};

/**
 * Idle logout shared across tabs: each tab writes its last activity to shared storage and
 * learns about the others' through it (and the `storage` event), so activity in any tab keeps
 * every tab signed in. Pure apart from the injected clock and storage; the caller polls `check`.
 */
export function createIdleTimer({
  limitMs,
  onIdle,
  now = Date.now,
  storage = localStorage,
  key = STORAGE_KEYS.lastActivity,
  writeEveryMs = 1_000,
}: IdleTimerOptions) {
  let lastSeen = 0;
  let lastWritten = Number.NEGATIVE_INFINITY;
  let fired = false;

  const stored = () => {
    const v = Number(storage.getItem(key));
    return Number.isFinite(v) ? v : 0;
  };
  const lastActivity = () => Math.max(lastSeen, stored());

  return {
    recordActivity() {
      const t = now();
      lastSeen = t;
      fired = false;
      if (t - lastWritten >= writeEveryMs) {
        lastWritten = t;
        storage.setItem(key, String(t));
      }
    },
    /** Another tab's activity, from a `storage` event. */
    handleStorageEvent(e: { key: string | null; newValue: string | null }) {
      if (e.key !== key || e.newValue === null) return;
      const t = Number(e.newValue);
      if (Number.isFinite(t) && t > lastSeen) lastSeen = t;
    },
    /** Returns true (and calls onIdle once) when no tab has seen activity within the limit. */
    check() {
      if (fired) return true;
      const last = lastActivity();
      if (last > 0 && now() - last >= limitMs) {
        fired = true;
        onIdle();
        return true;
      }
      return false;
    },
    lastActivity,
  };
}

export type IdleTimer = ReturnType<typeof createIdleTimer>;
