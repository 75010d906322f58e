import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** A module's absolute path from its path relative to the project root (scripts/entry-modules.ts). */
export const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The chunk files a browser loads to run `modules` (relative paths): the files holding them and
 * everything those import statically, as a built bundle has them.
 */
export function chunkClosure(bundle: OutputBundle, modules: readonly string[]): Set<string> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const seen = new Set<string>();
  const stack = modules.map(source).map((m) => {
    const chunk = chunks.find((c) => c.facadeModuleId === m) ?? chunks.find((c) => c.moduleIds.includes(m));
    if (!chunk) throw new Error(`no chunk of the bundle holds ${m}`);
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
