import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { CONSOLE_FILES_ID } from '../src/app/prepare-console.ts';

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** What a signed-in console loads first: its entry, the shell's layout and the resource page. */
const CONSOLE_MODULES = [
  'src/app/console-entry.tsx',
  'src/app/layout/shell-layout.tsx',
  'src/ui/resource/resource-page.tsx',
];
/** What the sign-in page has loaded already. */
const SIGN_IN_MODULES = ['src/main.tsx', 'src/app/sign-in-entry.tsx'];

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
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const closureOf = (modules: string[]) => closure(bundle, chunks, modules.map(source));
  const loaded = closureOf(SIGN_IN_MODULES);
  return [...closureOf(CONSOLE_MODULES)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
}

/** The chunk files of `modules` and everything they import statically. */
function closure(bundle: OutputBundle, chunks: OutputChunk[], modules: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = modules.map((m) => {
    const chunk = chunks.find((c) => c.facadeModuleId === m) ?? chunks.find((c) => c.moduleIds.includes(m));
    if (!chunk) throw new Error(`console-preload: no chunk for ${m}`);
    return chunk.fileName;
  });
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...chunk.imports);
  }
  return seen;
}
