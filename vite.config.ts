import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraGlobalCss } from './scripts/chakra-global-css.ts';
import { chunking } from './scripts/chunk-groups.ts';
import { consolePreload } from './scripts/console-preload.ts';
import { signInCatalog } from './scripts/sign-in-catalog.ts';
import { SIGN_IN_PASS, signInModules } from './scripts/sign-in-modules.ts';

const apiPort = process.env.API_PORT ?? '8080';

/** The first of the build's two passes: it finds what the sign-in page loads (scripts/sign-in-modules.ts). */
const signInPass = process.env[SIGN_IN_PASS] === '1';

export default defineConfig(
  async ({ command }): Promise<UserConfig> => ({
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // Chakra's theme files one by one (app/sign-in-theme.ts), which its package exports do not list.
        'chakra-theme-parts': fileURLToPath(
          new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url),
        ),
      },
    },
    plugins: [
      react(),
      lingui(),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      signInCatalog(),
      chakraGlobalCss(),
      // The sign-in pass needs the service worker's register module, not the service worker.
      ...(signInPass ? [pwa({ disable: true })] : [consolePreload(), pwa({ disable: false })]),
    ],
    // The first sync after a sign-in runs in a module worker (src/data/sync/first-sync.ts), whose
    // code carries Lingui message descriptors like the app's.
    worker: {
      format: 'es',
      plugins: () => [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
    },
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/files': `http://127.0.0.1:${apiPort}`,
        '/l/': `http://127.0.0.1:${apiPort}`,
        '/verify/': `http://127.0.0.1:${apiPort}`,
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      // The console's first file holds all a list screen needs to start, about 1,000 kB
      // (scripts/chunk-groups.ts); a file past this has grown by more than a screen's worth.
      chunkSizeWarningLimit: 1150,
      // Issue 14: Vite's preload helper added a <link rel=modulepreload> per dependency of every
      // lazily loaded screen, about 100 on a list screen, and inserting them cost the main thread
      // about 270 ms of an offline start. Those files come from the service worker's cache, where
      // the import chain's round trips are short, so their loading is left to the browser. The
      // sign-in page keeps its preloads: its first visit loads over the network.
      modulePreload: {
        resolveDependencies: (file, deps, { hostType }) =>
          hostType === 'html' || /sign-in-entry-/.test(file) ? deps : [],
      },
      rolldownOptions: {
        // Building a zod schema has no side effects, so a module's unused schemas (and zod itself,
        // where no schema is used) are dropped: the sign-in page imports constants from contract/
        // files without their schemas.
        treeshake: { manualPureFunctions: ['z'] },
        output: {
          // The sign-in pass chunks as the bundler likes, in the same strict order as the build:
          // that order keeps some imports for their side effects, so it changes what /login loads.
          ...(command === 'build' && !signInPass
            ? chunking(await signInModules(fileURLToPath(import.meta.url)))
            : { strictExecutionOrder: true }),
          // A catalog's file names its language, so the service worker can store each one with that
          // language's fonts (sw/asset-groups.ts) instead of precaching all five.
          // The Chinese font's @font-face rules load with Chinese (src/data/locale/font-rules.ts); their
          // name puts them in that language's group with its font files.
          assetFileNames: (asset) =>
            asset.originalFileNames.some((f) => f.includes('/noto-sans-sc/'))
              ? 'assets/noto-sans-sc-rules-[hash][extname]'
              : 'assets/[name]-[hash][extname]',
          chunkFileNames: (chunk) => {
            const id = chunk.facadeModuleId ?? '';
            const locale = /\/locales\/(\w+)\/messages\.po$/.exec(id)?.[1];
            if (locale) return `assets/messages-${locale}-[hash].js`;
            const signIn = /sign-in-catalog\/(\w+)$/.exec(id)?.[1];
            return signIn ? `assets/sign-in-messages-${signIn}-[hash].js` : 'assets/[name]-[hash].js';
          },
        },
      },
    },
  }),
);

function pwa({ disable }: { disable: boolean }) {
  return VitePWA({
    disable,
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Learning Admin Console',
      short_name: 'Admin Console',
      description: 'Manage your company learning content, users and reports, online or offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1e40af',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // A classic script, as it is registered: the Background Sync code it imports lazily
      // (sw/background-sync.ts) stays inside it, without the preload helper of an `es` build,
      // which uses `import.meta` (a syntax error in a classic script).
      rollupFormat: 'iife',
      // The service worker bundles window-free src/data modules (Background Sync); some carry
      // Lingui message descriptors, so its build compiles the macros like the app's.
      buildPlugins: { vite: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })] },
    },
    devOptions: { enabled: false },
  });
}
