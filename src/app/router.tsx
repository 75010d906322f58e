import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '#contract/constants.ts';
import { RedirectIfSignedIn, RequireSession } from '@/app/guards';
import { PageSpinner } from '@/app/page-spinner';
import { RootLayout } from '@/app/root-layout';
import { RouteError } from '@/app/route-error';

/** Spec section 8: a chunk that does not arrive within 120 s is an error, not an endless spinner. */
function route(load: () => Promise<{ default: ComponentType }>) {
  return () =>
    new Promise<{ Component: ComponentType }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then(
          (m) => resolve({ Component: m.default }),
          (e) => reject(e),
        )
        .finally(() => clearTimeout(timer));
    });
}

// Route modules load on demand; later issues add their feature routes here, never as placeholders.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: RedirectIfSignedIn,
        children: [{ path: '/login', lazy: route(() => import('@/features/auth/login-page')) }],
      },
      {
        Component: RequireSession,
        children: [
          {
            lazy: route(() => import('@/app/layout/shell-layout')),
            children: [
              { index: true, element: <Navigate to="/inbox" replace /> },
              { path: '/inbox', lazy: route(() => import('@/features/inbox/inbox-page')) },
              { path: '/home/banner', lazy: route(() => import('@/features/banners/banner-page')) },
              {
                path: '/home/community/frequently-asked-question',
                lazy: route(() => import('@/features/faq/faq-page')),
              },
              { path: '/home/feedback-box', lazy: route(() => import('@/features/feedback/feedback-page')) },
              {
                path: '/MasterData/type-of-content',
                lazy: route(() => import('@/features/master-data/type-of-content-page')),
              },
              {
                path: '/MasterData/type-of-knowledge',
                lazy: route(() => import('@/features/master-data/type-of-knowledge-page')),
              },
              {
                path: '/user-management',
                lazy: route(() => import('@/features/users/user-management-page')),
              },
              {
                path: '/user-management/member-list',
                lazy: route(() => import('@/features/users/member-list-page')),
              },
              {
                path: '/company-profile',
                lazy: route(() => import('@/features/company-profile/company-profile-page')),
              },
              {
                path: '/user-management/import',
                lazy: route(() => import('@/features/user-import/user-import-page')),
              },
              { path: '/sync', lazy: route(() => import('@/features/sync/sync-page')) },
              { path: '*', lazy: route(() => import('@/app/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
]);
