import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { CONSOLE_FILES_ID } from '../src/app/prepare-console.ts';
import { chunkClosure } from './bundle-closure.ts';
import { CONSOLE_MODULES, SIGN_IN_MODULES } from './entry-modules.ts';

/**
 * Issue 14: the sign-in page preloads the console's code while the admin types
 * (src/app/prepare-console.ts), so the console does not start downloading it at the click, beside
 * the first sync's answers. Those files' names carry the build's hashes, so the build writes them
 * into index.html (`<script type="application/json" id="console-files">`), a few kB; the sign-in
 * page's own files are left out.
 */
export function consolePreload(): Plugin {
  return {
    name: 'console-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const files = consoleFiles(bundle as OutputBundle);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: CONSOLE_FILES_ID },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The files (as URLs) the console loads first that the sign-in page has not loaded. */
export function consoleFiles(bundle: OutputBundle): string[] {
  const loaded = chunkClosure(bundle, SIGN_IN_MODULES);
  return [...chunkClosure(bundle, CONSOLE_MODULES)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
}
