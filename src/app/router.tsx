import { createBrowserRouter, Navigate } from 'react-router';
import { FEATURES } from '@/app/features';
import { RequireSession } from '@/app/guards';
import { HOME_PATH } from '@/app/home-path';
import { PageSpinner } from '@/app/page-spinner';
import { RootLayout } from '@/app/root-layout';
import { RouteError } from '@/app/route-error';
import { featureRoutes, withTimeout } from '@/app/routes';

const routes = featureRoutes(FEATURES);
const lazyDefault = (load: () => Promise<{ default: React.ComponentType }>) =>
  withTimeout(async () => ({ Component: (await load()).default }));

// Every page loads on demand; routes come from the features (app/features.ts), never placeholders.
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
            lazy: lazyDefault(() => import('@/app/layout/shell-layout')),
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...routes.shell,
              { path: '*', lazy: lazyDefault(() => import('@/app/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
]);
