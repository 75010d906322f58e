import { fileURLToPath } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { consoleFiles } from '../../scripts/console-preload.ts';

// The list of files the sign-in page preloads for the console (scripts/console-preload.ts), taken
// from a small bundle shaped like the build's.
const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

function chunk(fileName: string, facade: string | null, imports: string[], dynamicImports: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    moduleIds: facade ? [facade] : [],
    imports,
    dynamicImports,
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]) {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;
}

describe('console preload list (scripts/console-preload.ts)', () => {
  const bundle = bundleOf(
    {
      ...chunk('assets/index-1.js', null, ['assets/react-1.js'], ['assets/sign-in-entry-1.js']),
      moduleIds: [src('main.tsx')],
    },
    chunk('assets/react-1.js', null, []),
    chunk('assets/sign-in-entry-1.js', src('app/sign-in-entry.tsx'), [
      'assets/react-1.js',
      'assets/box-1.js',
    ]),
    chunk('assets/box-1.js', null, []),
    chunk(
      'assets/console-entry-1.js',
      src('app/console-entry.tsx'),
      ['assets/console-1.js', 'assets/box-1.js'],
      ['assets/shell-layout-1.js', 'assets/xlsx-1.js'],
    ),
    chunk('assets/console-1.js', null, ['assets/react-1.js', 'assets/schemas-1.js']),
    chunk('assets/schemas-1.js', null, []),
    chunk('assets/shell-layout-1.js', src('app/layout/shell-layout.tsx'), ['assets/menu-1.js']),
    chunk('assets/menu-1.js', null, []),
    chunk('assets/resource-page-1.js', src('ui/resource/resource-page.tsx'), ['assets/screens-1.js']),
    chunk('assets/screens-1.js', null, ['assets/box-1.js']),
    chunk('assets/xlsx-1.js', null, []),
  );

  it("lists what the console, its shell and the resource page import, without the sign-in page's files", () => {
    expect(consoleFiles(bundle).sort()).toEqual(
      [
        'assets/console-1.js',
        'assets/console-entry-1.js',
        'assets/menu-1.js',
        'assets/resource-page-1.js',
        'assets/schemas-1.js',
        'assets/screens-1.js',
        'assets/shell-layout-1.js',
      ].map((f) => `/${f}`),
    );
  });

  it('fails the build when a module it names is in no chunk', () => {
    const rest: Record<string, unknown> = { ...bundle };
    delete rest['assets/shell-layout-1.js'];
    expect(() => consoleFiles(rest as OutputBundle)).toThrow(
      /no chunk of the bundle holds .*shell-layout\.tsx/,
    );
  });
});
