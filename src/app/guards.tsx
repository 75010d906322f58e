import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/app/page-spinner';
import { clearSession } from '@/data/session/session-store';
import { localDataCleared } from '@/data/session/sign-out';
import { useSession } from '@/data/session/use-session';

/**
 * Spec section 2: without a session token every route except /login redirects to /login. /login
 * is its own light entry (app/sign-in-entry.tsx), so the console leaves by a page load,
 * once a sign-out's clean-up is done; nothing of the signed-out user stays in memory.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    if (session) return;
    // A stored session the contract refuses would bring main.tsx straight back here.
    clearSession();
    const from = location.pathname === '/' ? '' : `?from=${encodeURIComponent(location.pathname)}`;
    void localDataCleared().then(() => window.location.replace(`/login${from}`));
  }, [session, location.pathname]);
  return session ? <Outlet /> : <PageSpinner />;
}
