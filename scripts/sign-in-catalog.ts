import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:sign-in-catalog/';

/** Every source file the sign-in entry reaches by `@/` or relative imports, static or dynamic. */
function reachableFiles(root: string, entry: string, stopAt: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const rel = relative(root, file);
    if (seen.has(rel) || stopAt.includes(rel)) return;
    seen.add(rel);
    const code = readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const base = spec.startsWith('@/')
        ? join(root, 'src', spec.slice(2))
        : spec.startsWith('.')
          ? resolve(dirname(file), spec)
          : null;
      if (!base) continue;
      const found = ['', '.ts', '.tsx', '/index.ts']
        .map((ext) => base + ext)
        .find((f) => {
          try {
            return readFileSync(f) && true;
          } catch {
            return false;
          }
        });
      if (found) visit(found);
    }
  };
  visit(join(root, entry));
  return seen;
}

/**
 * `virtual:sign-in-catalog/<locale>`: the messages of the files the sign-in entry reaches, compiled
 * like @lingui/vite-plugin compiles a whole catalog (same ids, same fallbacks). The light sign-in
 * page loads this instead of the full catalog (issue 14); the console loads the full one.
 */
export function signInCatalog({
  entry = 'src/app/sign-in-entry.tsx',
  // Loaded after sign-in, for the console.
  stopAt = ['src/data/locale/change-language.ts'],
}: {
  entry?: string;
  stopAt?: readonly string[];
} = {}): Plugin {
  return {
    name: 'sign-in-catalog',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const locale = id.slice(PREFIX.length + 1);
      const config = getConfig();
      const [catalog] = await getCatalogs(config);
      const files = reachableFiles(config.rootDir, entry, stopAt);
      for (const f of files) this.addWatchFile(join(config.rootDir, f));
      const source = (await catalog.read(config.sourceLocale ?? 'en')) ?? {};
      const wanted = new Set(
        Object.entries(source)
          .filter(([, m]) => m.origin?.some(([file]) => files.has(file)))
          .map(([key]) => key),
      );
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      });
      const subset = Object.fromEntries(Object.entries(messages).filter(([key]) => wanted.has(key)));
      const { source: code } = createCompiledCatalog(locale, subset, { namespace: 'es' });
      return { code, moduleType: 'js' };
    },
  };
}
