import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { signInCatalog } from './scripts/sign-in-catalog.ts';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  'chakra-theme-parts': fileURLToPath(
    new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url),
  ),
};

/**
 * The client test files that replace or reload modules (vi.mock, vi.doMock, vi.resetModules): in the
 * shared module registry that would not take, or would reach other files, so they run isolated.
 * tests/tooling/vitest-projects.test.ts keeps this list complete.
 */
export const CLIENT_ISOLATED = [
  'tests/src/app/prepare-console.test.ts',
  'tests/src/app/update-prompt.test.tsx',
  'tests/src/ui/resource/form/save-success.test.tsx',
];

function clientProject(name: string, test: { include?: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    resolve: { alias },
    plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] }), signInCatalog()],
    test: {
      name,
      environment: 'happy-dom' as const,
      include: ['tests/src/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/src/setup.ts'],
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one on a 2-core CI machine.
    // Two keep both cores busy (test files spend much of their time waiting on their database).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/sw/**/*.test.ts',
            'tests/tooling/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file still builds its own app on its own database (tests/server/helpers.ts); only
          // the modules are shared, loaded once per worker instead of once per file. No server module
          // keeps state of one database but in WeakMaps keyed by it. The unit phase went
          // from 674 s to 468 s on 2 cores.
          isolate: false,
        },
      },
      clientProject('client', {
        exclude: CLIENT_ISOLATED,
        // As on the server: the modules, and here the document, are loaded once per worker instead
        // of once per file (the client phase went from about 105 s to about 30 s on 2 cores).
        // tests/src/setup.ts resets what the files share before each of them.
        isolate: false,
      }),
      clientProject('client-isolated', { include: CLIENT_ISOLATED }),
    ],
  },
});
