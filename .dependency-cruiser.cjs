/**
 * The import rules of ARCHITECTURE.md, checked by `npm run lint` (dependency-cruiser). Direction:
 * contract <- server; contract <- src/data, src/ui <- src/features <- src/app. Type-only imports
 * count (tsPreCompilationDeps), so a type cycle is a cycle too.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle anywhere, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'contract/ is shared by console and server: it imports neither.',
      from: { path: '^contract/' },
      to: { path: '^(src|server|sw|tests|bench|scripts)/' },
    },
    {
      name: 'server-not-to-console',
      severity: 'error',
      comment: 'The API never imports the console.',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'console-not-to-server',
      severity: 'error',
      comment: 'The console reaches the API over HTTP only; shared shapes live in contract/.',
      from: { path: '^(src|sw)/' },
      to: { path: '^server/' },
    },
    {
      name: 'data-not-to-ui-features-app',
      severity: 'error',
      comment: 'src/data (IndexedDB, outbox, sync, HTTP) knows no screen.',
      from: { path: '^src/data/' },
      to: { path: '^src/(ui|features|app)/' },
    },
    {
      name: 'ui-not-to-features-app',
      severity: 'error',
      comment: 'Shared UI never imports a feature or the app shell.',
      from: { path: '^src/ui/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-not-to-each-other',
      severity: 'error',
      comment: 'A feature imports no other feature; src/app composes them (app/features.ts).',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-not-to-app',
      severity: 'error',
      comment: 'Features do not reach into the shell; the shell hands them what they need.',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'service-worker-window-free',
      severity: 'error',
      comment: 'The service worker bundles src/data only (no React screens).',
      from: { path: '^sw/' },
      to: { path: '^src/(ui|features|app)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every relative or aliased import resolves to a file.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|\\.tools)/' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
