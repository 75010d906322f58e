import { createBrowserRouter, Navigate } from 'react-router';
import { FEATURES } from '@/app/features';
import { RequireSession } from '@/app/guards';
import { HOME_PATH } from '@/app/home-path';
import ShellLayout from '@/app/layout/shell-layout';
import { PageSpinner } from '@/app/page-spinner';
import { RootLayout } from '@/app/root-layout';
import { RouteError } from '@/app/route-error';
import { featureRoutes, lazyPage } from '@/app/routes';

const routes = featureRoutes(FEATURES);

// Pages load on demand, but for the shell and the resource page (app/routes.tsx); routes come from
// the features (app/features.ts), never placeholders.
// /login is not here: it is the light sign-in entry (main.tsx, app/sign-in-entry.tsx).
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      ...routes.open,
      {
        Component: RequireSession,
        children: [
          {
            // In the console's first file, like the resource page (scripts/entry-modules.ts).
            Component: ShellLayout,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...routes.shell,
              { path: '*', lazy: lazyPage(() => import('@/app/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
]);
