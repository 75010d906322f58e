import '@/app/zod-jitless';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from '@/app/app';

/** The signed-in console: the router, the local data layer and every feature (app/features.ts). */
export function startConsole(root: Root) {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
