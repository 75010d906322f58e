import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/data/session/use-session';

/** Spec section 2: without a session token every route except /login redirects to /login. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = location.pathname === '/' ? '' : `?from=${encodeURIComponent(location.pathname)}`;
    return <Navigate to={`/login${from}`} replace />;
  }
  return <Outlet />;
}

/** A signed-in user has no business on /login, except to use a reset link. */
export function RedirectIfSignedIn() {
  const session = useSession();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (session && !params.has('reset')) {
    const from = params.get('from');
    return <Navigate to={from?.startsWith('/') ? from : '/'} replace />;
  }
  return <Outlet />;
}
