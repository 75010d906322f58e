// The client test files share one module registry per worker (vitest.config.ts): a file that
// replaces or reloads modules must run isolated, or its mock would not take, or would reach others.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { CLIENT_ISOLATED } from '../../vitest.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('runs isolated every client test file that mocks or reloads modules, and only those', () => {
  const replacing = readdirSync(join(root, 'tests/src'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.test\.tsx?$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .filter((path) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(path, 'utf8')))
    .map((path) => relative(root, path));
  expect(replacing.sort()).toEqual([...CLIENT_ISOLATED].sort());
});
