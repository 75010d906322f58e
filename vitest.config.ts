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
      {
        resolve: { alias },
        plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] }), signInCatalog()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts'],
        },
      },
    ],
  },
});
