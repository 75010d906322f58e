// The import rules of ARCHITECTURE.md, checked by `npm run lint`. Direction: contract <- server;
// contract <- src/data <- src/ui <- src/features <- src/app. Imports are read from the real syntax
// tree (oxc, through rolldown's parseAst), type-only ones included, so a type cycle is a cycle.
//
// dependency-cruiser was tried first: its TypeScript parsers need the TypeScript 5 API (TypeScript
// 7 has none) or @swc/core, whose other-platform packages this registry lacks, which breaks
// `npm ci`. This file is the same rules without that dependency.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

export type Rule = {
  name: string;
  comment: string;
  from: RegExp;
  to: RegExp;
  /** An exception computed from the importer's match (a feature may import itself). */
  unless?: (fromMatch: RegExpMatchArray, to: string) => boolean;
};

export const RULES: Rule[] = [
  {
    name: 'contract-imports-nothing-of-ours',
    comment: 'contract/ is shared by console and server: it imports neither.',
    from: /^contract\//,
    to: /^(src|server|sw|tests|bench|scripts)\//,
  },
  {
    name: 'server-not-to-console',
    comment: 'The API never imports the console.',
    from: /^server\//,
    to: /^(src|sw)\//,
  },
  {
    name: 'console-not-to-server',
    comment: 'The console reaches the API over HTTP only; shared shapes live in contract/.',
    from: /^(src|sw)\//,
    to: /^server\//,
  },
  {
    name: 'data-not-to-ui-features-app',
    comment: 'src/data (IndexedDB, outbox, sync, HTTP) knows no screen.',
    from: /^src\/data\//,
    to: /^src\/(ui|features|app)\//,
  },
  {
    name: 'ui-not-to-features-app',
    comment: 'Shared UI never imports a feature or the app shell.',
    from: /^src\/ui\//,
    to: /^src\/(features|app)\//,
  },
  {
    name: 'features-not-to-each-other',
    comment: 'A feature imports no other feature; src/app composes them (app/features.ts).',
    from: /^src\/features\/([^/]+)\//,
    to: /^src\/features\//,
    unless: (m, to) => to.startsWith(`src/features/${m[1]}/`),
  },
  {
    name: 'features-not-to-app',
    comment: 'Features do not reach into the shell; the shell hands them what they need.',
    from: /^src\/features\//,
    to: /^src\/app\//,
  },
  {
    name: 'service-worker-window-free',
    comment: 'The service worker bundles src/data only (no React screens).',
    from: /^sw\//,
    to: /^src\/(ui|features|app)\//,
  },
];

export type Violation = { rule: string; from: string; to: string };

/** package.json "imports" and Vite's `@/`, as prefixes of the repository. */
const ALIASES: [string, string][] = [
  ['@/', 'src/'],
  ['#contract/', 'contract/'],
  ['#locales/', 'locales/'],
  ['#tests/', 'tests/'],
];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TRY = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];

function sourceFiles(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Every module specifier in a file: static, re-export, dynamic and `import('x').T` types. */
function specifiersOf(code: string, file: string): string[] {
  const lang = file.endsWith('x')
    ? file.endsWith('.tsx')
      ? 'tsx'
      : 'jsx'
    : file.endsWith('.ts') || file.endsWith('.mts')
      ? 'ts'
      : 'js';
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as Record<string, unknown> & { type?: string };
    const source = (n.source ?? (n.type === 'TSImportType' ? n.argument : undefined)) as
      | { type?: string; value?: unknown; literal?: { value?: unknown } }
      | undefined;
    if (
      n.type &&
      /^(Import|ExportNamed|ExportAll)Declaration$|^ImportExpression$|^TSImportType$/.test(n.type)
    ) {
      const value = source?.value ?? source?.literal?.value;
      if (typeof value === 'string') found.push(value);
    }
    for (const key in n) if (key !== 'type') visit(n[key]);
  };
  visit(parseAst(code, { lang }, file));
  return found;
}

/** The repository path an internal specifier names; null for a package; undefined when missing. */
function resolveSpecifier(root: string, from: string, spec: string): string | null | undefined {
  const bare = spec.replace(/\?.*$/, '');
  let base: string | undefined;
  if (bare.startsWith('.')) base = join(dirname(from), bare);
  else for (const [alias, dir] of ALIASES) if (bare.startsWith(alias)) base = dir + bare.slice(alias.length);
  if (base === undefined) return null;
  for (const suffix of TRY) {
    const candidate = join(root, base + suffix);
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return undefined;
}

/** Import cycles (strongly connected components of two or more files, or a file importing itself). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; on: boolean }>();
  const cycles: string[][] = [];
  const connect = (v: string) => {
    const m = { index, low: index, on: true };
    index++;
    meta.set(v, m);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      const seen = meta.get(w);
      if (!seen) {
        connect(w);
        m.low = Math.min(m.low, meta.get(w)!.low);
      } else if (seen.on) m.low = Math.min(m.low, seen.index);
    }
    if (m.low === m.index) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        meta.get(w)!.on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) connect(v);
  return cycles;
}

/** Checks the files under `dirs` of `root` against RULES, cycles and unresolvable imports. */
export function checkImports(root: string, dirs = ['src', 'sw', 'server', 'contract']): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of dirs.flatMap((d) => sourceFiles(root, d))) {
    const edges = new Set<string>();
    graph.set(file, edges);
    for (const spec of specifiersOf(readFileSync(join(root, file), 'utf8'), file)) {
      if (spec.startsWith('virtual:')) continue;
      const to = resolveSpecifier(root, file, spec);
      if (to === null) continue;
      if (to === undefined) {
        violations.push({ rule: 'no-unresolvable', from: file, to: spec });
        continue;
      }
      edges.add(to);
      for (const rule of RULES) {
        const m = file.match(rule.from);
        if (m && rule.to.test(to) && !rule.unless?.(m, to))
          violations.push({ rule: rule.name, from: file, to });
      }
    }
  }
  for (const cycle of cyclesOf(graph))
    violations.push({ rule: 'no-cycles', from: cycle[0]!, to: cycle.join(' -> ') });
  return violations;
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..');
  const violations = checkImports(root);
  for (const v of violations) {
    const rule = RULES.find((r) => r.name === v.rule);
    console.error(`✖ ${v.rule}: ${v.from} → ${v.to}${rule ? `\n    ${rule.comment}` : ''}`);
  }
  console.log(
    violations.length
      ? `\n${violations.length} import rule violation(s).`
      : 'Import rules: no violations (layer direction, features apart, no cycles).',
  );
  process.exitCode = violations.length ? 1 : 0;
}
