import type { OutputBundle, RolldownOutput } from 'rolldown';
import { build } from 'vite';
import { chunkClosure } from './bundle-closure.ts';
import { SIGN_IN_MODULES } from './entry-modules.ts';

/** Set while the sign-in pass runs: vite.config.ts then builds without chunk groups or service worker. */
export const SIGN_IN_PASS = 'CONSOLE_SIGN_IN_PASS';

/**
 * The modules the sign-in page loads, after tree-shaking: a first build, in memory, with the
 * bundler's own chunking, whose files reached from the sign-in page's entries are what /login
 * downloads. scripts/chunk-groups.ts needs this set to keep the rest out of those files.
 *
 * Why a build and not the modules the sign-in page imports: that set is all of Chakra, Ark and
 * zod, because their indexes name every component and the contract files build schemas the page
 * never uses. Only tree-shaking, which the bundler does before it chunks, tells what is used, and
 * its chunking (by the set of entries that use a module) keeps /login to that.
 */
export async function signInModules(configFile: string): Promise<Set<string>> {
  process.env[SIGN_IN_PASS] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ configFile, logLevel: 'warn', build: { write: false } });
  } finally {
    delete process.env[SIGN_IN_PASS];
  }
  const outputs = (Array.isArray(result) ? result : [result]) as RolldownOutput[];
  return modulesOf(Object.fromEntries(outputs.flatMap((o) => o.output).map((c) => [c.fileName, c])));
}

/** The modules in the files the sign-in page loads (scripts/entry-modules.ts) from `bundle`. */
export function modulesOf(bundle: OutputBundle): Set<string> {
  const modules = new Set<string>();
  for (const file of chunkClosure(bundle, SIGN_IN_MODULES)) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const id of chunk.moduleIds) modules.add(id);
  }
  return modules;
}
