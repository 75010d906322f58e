import { fileURLToPath } from 'node:url';
import type { CodeSplittingGroup } from 'rolldown';

type Context = Parameters<Extract<CodeSplittingGroup['name'], (...a: never[]) => unknown>>[1];

const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Libraries loaded only when used, in their own chunks (sw/asset-groups.ts defers them). */
const LATER =
  /node_modules\/(@e965\/xlsx|@nivo|d3-|konva|react-konva|qrcode|react-easy-crop|@react-spring)\//;

/** The modules `entries` reach by static imports (what loading them loads). */
function staticClosure(ctx: Context, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/**
 * Issue 14: left to itself, the bundler gives every set of screens that shares a module its own
 * chunk, so one list screen loaded about 160 files, most under 3 kB. Each file is a request, a
 * compile and a dozen browser tasks, which made the offline start wait on loading, not on work.
 *
 * - `console`: everything the signed-in console's shell loads (router, layout, data layer, the
 *   components it uses) in one file.
 * - `screens`: the code two or more screens share (the resource pages, forms, lists), in one file.
 *
 * What the sign-in page may load is left out of both, so /login loads only its own files (its
 * budget is 150 kB). That set is its static imports' closure, which is wider than what it uses
 * (a library's index names every component), so the components both sides use stay in the
 * bundler's own small chunks: about 45 of a list screen's files. The lazily loaded libraries
 * (Excel, charts, the certificate canvas, the picture cropper) stay in their own chunks.
 *
 * Only the modules a group names are moved; their dependencies stay where they are
 * (`includeDependenciesRecursively: false`, else React would follow the console into one file
 * with it and /login would load the console). Modules then no longer run in import order across
 * files unless `strictExecutionOrder` is on. Without it the console's styles lost their tokens
 * (no spacing or z-index variables, the body kept its 8 px margin); tests/e2e/update.test.ts saw it
 * as an update prompt drawn below the page, whose Reload could not be clicked. Strict order wraps
 * every module: about 7 KiB more on /login (146 of its 150 KiB) and 60 kB more precache, paid for
 * by the Chinese @font-face rules leaving the main stylesheet (src/data/locale/font-rules.ts).
 */
export function chunking() {
  return { codeSplitting: chunkGroups(), strictExecutionOrder: true };
}

function chunkGroups(): { includeDependenciesRecursively: boolean; groups: CodeSplittingGroup[] } {
  let sets: { signIn: Set<string>; shell: Set<string> } | undefined;
  const setsOf = (ctx: Context) => {
    sets ??= {
      signIn: staticClosure(ctx, [file('src/main.tsx'), file('src/app/sign-in-entry.tsx')]),
      shell: staticClosure(ctx, [file('src/app/console-entry.tsx')]),
    };
    return sets;
  };
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        name: (id, ctx) => {
          const { signIn, shell } = setsOf(ctx);
          return shell.has(id) && !signIn.has(id) ? 'console' : null;
        },
        priority: 2,
      },
      {
        name: (id, ctx) => {
          const { signIn, shell } = setsOf(ctx);
          return !shell.has(id) && !signIn.has(id) && !LATER.test(id) ? 'screens' : null;
        },
        minShareCount: 2,
        priority: 1,
      },
    ],
  };
}
