import { useEffect } from 'react';
import { useIdleLogout } from '@/app/use-idle-logout';
import { useSessionRefresh } from '@/app/use-session-refresh';
import { onAuthFailure } from '@/data/http/api';
import { clearLocalData } from '@/data/session/sign-out';
import { useSession } from '@/data/session/use-session';

/** Keeps the session honest: idle logout, refresh, maintenance, and a 401 anywhere -> /login. */
export function SessionWatch() {
  const session = useSession();
  useIdleLogout(!!session);
  useSessionRefresh(session);

  useEffect(
    () =>
      onAuthFailure((failure) => {
        // The token is already gone (the guard sends us to /login); forget the rest too.
        void clearLocalData(failure.kind === 'maintenance' ? failure : { kind: 'expired' });
      }),
    [],
  );
  return null;
}
