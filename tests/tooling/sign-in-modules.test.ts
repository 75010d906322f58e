import { fileURLToPath } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { modulesOf } from '../../scripts/sign-in-modules.ts';

// What the sign-in pass reads from its bundle (scripts/sign-in-modules.ts): the modules of the
// files /login loads, from a small bundle shaped like the build's.
const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const lib = (name: string) => `/project/node_modules/${name}/index.js`;

function chunk(fileName: string, moduleIds: string[], imports: string[], dynamicImports: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: moduleIds[0] ?? null,
    moduleIds,
    imports,
    dynamicImports,
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', [src('main.tsx')], ['assets/react-1.js'], ['assets/sign-in-entry-1.js']),
    chunk('assets/react-1.js', [lib('react'), lib('react-dom')], []),
    chunk(
      'assets/sign-in-entry-1.js',
      [src('app/sign-in-entry.tsx'), src('features/auth/login-page.tsx')],
      ['assets/react-1.js', 'assets/button-1.js'],
      ['assets/sign-in-messages-th-1.js', 'assets/console-entry-1.js'],
    ),
    chunk('assets/button-1.js', [lib('chakra-button')], []),
    chunk('assets/sign-in-messages-th-1.js', ['virtual:sign-in-catalog/th'], []),
    chunk('assets/console-entry-1.js', [src('app/console-entry.tsx')], ['assets/dialog-1.js']),
    chunk('assets/dialog-1.js', [lib('chakra-dialog'), lib('zod')], ['assets/button-1.js']),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

describe('sign-in modules (scripts/sign-in-modules.ts)', () => {
  it('takes the modules of the files the sign-in entries load statically', () => {
    expect([...modulesOf(bundle)].sort()).toEqual(
      [
        src('main.tsx'),
        lib('react'),
        lib('react-dom'),
        src('app/sign-in-entry.tsx'),
        src('features/auth/login-page.tsx'),
        lib('chakra-button'),
      ].sort(),
    );
  });

  it('leaves out what they load on demand: other languages, the console and its dialogs', () => {
    const modules = modulesOf(bundle);
    for (const id of [
      'virtual:sign-in-catalog/th',
      src('app/console-entry.tsx'),
      lib('chakra-dialog'),
      lib('zod'),
    ])
      expect(modules.has(id)).toBe(false);
  });
});
