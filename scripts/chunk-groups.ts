import type { CodeSplittingGroup } from 'rolldown';
import { source } from './bundle-closure.ts';
import { CONSOLE_MODULES } from './entry-modules.ts';

type Context = Parameters<Extract<CodeSplittingGroup['name'], (...a: never[]) => unknown>>[1];

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
 * - `sign-in`: everything the sign-in page loads but its entry (React, Chakra's core, the form),
 *   in one file: the modules the sign-in pass found (scripts/sign-in-modules.ts). The console
 *   loads it too, so what both use is downloaded once.
 * - `console`: the rest of what a signed-in console loads first (scripts/entry-modules.ts: router,
 *   shell, data layer, the resource page and the components they use), in one file.
 * - `screens`: the code two or more other screens share (forms, editors), in one file.
 *
 * So /login loads none of the console (its budget is 150 kB), and a list screen starts from
 * 8 scripts instead of about 115. The lazily loaded libraries (Excel, charts, the
 * certificate canvas, the picture cropper) stay in their own chunks.
 *
 * Only the modules a group names are moved; their dependencies stay where they are
 * (`includeDependenciesRecursively: false`, else React would follow the console into one file
 * with it and /login would load the console). Modules then no longer run in import order across
 * files unless `strictExecutionOrder` is on. Without it the console's styles lost their tokens
 * (no spacing or z-index variables, the body kept its 8 px margin); tests/e2e/update.test.ts saw it
 * as an update prompt drawn below the page, whose Reload could not be clicked. Strict order wraps
 * every module: about 7 KiB more on /login and 60 kB more precache, paid for by the Chinese
 * @font-face rules leaving the main stylesheet (src/data/locale/font-rules.ts).
 */
export function chunking(signIn: ReadonlySet<string>) {
  return { codeSplitting: chunkGroups(signIn), strictExecutionOrder: true };
}

function chunkGroups(signIn: ReadonlySet<string>): {
  includeDependenciesRecursively: boolean;
  groups: CodeSplittingGroup[];
} {
  const entry = source('src/main.tsx');
  let consoleSet: Set<string> | undefined;
  const consoleOf = (ctx: Context) => (consoleSet ??= staticClosure(ctx, CONSOLE_MODULES.map(source)));
  return {
    includeDependenciesRecursively: false,
    groups: [
      { name: (id) => (signIn.has(id) && id !== entry ? 'sign-in' : null), priority: 3 },
      {
        name: (id, ctx) => (consoleOf(ctx).has(id) && !signIn.has(id) ? 'console' : null),
        priority: 2,
      },
      {
        name: (id, ctx) => (!consoleOf(ctx).has(id) && !signIn.has(id) && !LATER.test(id) ? 'screens' : null),
        minShareCount: 2,
        priority: 1,
      },
    ],
  };
}
