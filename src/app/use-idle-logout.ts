import { useEffect } from 'react';
import { IDLE_LOGOUT_MS } from '#contract/constants.ts';
import { createIdleTimer } from '@/data/session/idle-timer';
import { signOut } from '@/data/session/sign-out';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const CHECK_EVERY_MS = 30_000;

/** Spec section 4: sign out after 5 idle hours; activity in any tab counts for all of them. */
export function useIdleLogout(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const timer = createIdleTimer({ limitMs: IDLE_LOGOUT_MS, onIdle: () => void signOut({ kind: 'idle' }) });
    // A tab that was closed for longer than the limit signs out at once; otherwise start counting now.
    if (!timer.check()) timer.recordActivity();
    const onActivity = () => timer.recordActivity();
    const onStorage = (e: StorageEvent) => timer.handleStorageEvent(e);
    const onVisible = () => document.visibilityState === 'visible' && timer.check();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(() => timer.check(), CHECK_EVERY_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
    };
  }, [active]);
}
