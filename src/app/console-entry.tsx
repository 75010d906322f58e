import '@/app/zod-jitless';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from '@/app/app';
import { startLocalDataEarly } from '@/data/db/local-data';

/**
 * The signed-in console: the router, the local data layer and every feature (app/features.ts).
 * The database opens and the sync engine starts before the first render, so the first pull (right
 * after a sign-in) and the database's opening are under way while the screens render.
 */
export function startConsole(root: Root) {
  startLocalDataEarly();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
