import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImports } from '../../scripts/import-rules.ts';

// The rules `npm run lint` enforces on the real tree, tried on small trees that break them.
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Checks a throwaway tree of files (path -> source); returns the broken rule names. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return [...new Set(checkImports(root).map((v) => v.rule))].sort();
}

describe('import rules (scripts/import-rules.ts)', () => {
  it('passes a tree that keeps them', async () => {
    expect(
      await brokenRules({
        'contract/thing.ts': 'export const thing = 1;\n',
        'src/data/store.ts':
          "import { thing } from '../../contract/thing.ts';\nexport const store = thing;\n",
        'src/ui/view.ts': "import { store } from '../data/store.ts';\nexport const view = store;\n",
        'src/features/a/page.ts': "import { view } from '../../ui/view.ts';\nexport const page = view;\n",
        'src/app/app.ts': "import { page } from '../features/a/page.ts';\nexport const app = page;\n",
      }),
    ).toEqual([]);
  });

  it('fails when a feature imports another feature', async () => {
    expect(
      await brokenRules({
        'src/features/a/page.ts': "import { other } from '../b/other.ts';\nexport const page = other;\n",
        'src/features/b/other.ts': 'export const other = 1;\n',
      }),
    ).toEqual(['features-not-to-each-other']);
  });

  it('fails when shared code or data imports a feature or the shell', async () => {
    expect(
      await brokenRules({
        'src/features/a/page.ts': 'export const page = 1;\n',
        'src/app/app.ts': 'export const app = 1;\n',
        'src/ui/view.ts': "import { page } from '../features/a/page.ts';\nexport const view = page;\n",
        'src/data/store.ts': "import { app } from '../app/app.ts';\nexport const store = app;\n",
      }),
    ).toEqual(['data-not-to-ui-features-app', 'ui-not-to-features-app']);
  });

  it('fails on a cycle made of type-only imports', async () => {
    expect(
      await brokenRules({
        'src/data/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
        'src/data/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
      }),
    ).toEqual(['no-cycles']);
  });

  it('fails when the contract imports the server or the server imports the console', async () => {
    expect(
      await brokenRules({
        'contract/thing.ts': "import { db } from '../server/db.ts';\nexport const thing = db;\n",
        'server/db.ts': "import { ui } from '../src/ui/ui.ts';\nexport const db = ui;\n",
        'src/ui/ui.ts': 'export const ui = 1;\n',
      }),
    ).toEqual(['contract-imports-nothing-of-ours', 'server-not-to-console']);
  });

  it('passes the repository itself', () => {
    expect(checkImports(join(import.meta.dirname, '../..'))).toEqual([]);
  });

  it('fails on an alias that names no file, and on a feature reached through an alias', async () => {
    expect(
      await brokenRules({
        'src/features/a/page.tsx':
          "import { b } from '@/features/b/b';\nimport type { X } from '#contract/missing.ts';\nexport const page = <p>{b}</p>;\n",
        'src/features/b/b.ts': 'export const b = 1;\n',
      }),
    ).toEqual(['features-not-to-each-other', 'no-unresolvable']);
  });
});
