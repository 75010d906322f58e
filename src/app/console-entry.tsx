import '@/app/zod-jitless';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from '@/app/app';
import { startLocalDataEarly } from '@/data/db/local-data';

/**
 * The signed-in console: the router, the local data layer and every feature (app/features.ts).
 * Right after a sign-in, the sync engine starts before the first render, so the first pull is
 * under way while the screens render (the provider would start it only after they had).
 */
export function startConsole(root: Root, { signedInNow = false } = {}) {
  if (signedInNow) startLocalDataEarly();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
