import { registerHooks } from 'node:module';

// drizzle-orm's ESM build is ~450 files under a 180 KB package.json that Node's ESM resolver
// re-reads for each of them (about 1 s at start); its CommonJS build loads the same code in
// ~60 ms. PGlite follows so that drizzle's driver and ours share one copy of it.
// Imported first by each process entry (main.ts, db/create-cluster-child.ts), before any module
// that imports either package.
const VIA_REQUIRE = /^(drizzle-orm|@electric-sql\/pglite)(\/|$)/;
registerHooks({
  resolve: (specifier, context, next) =>
    next(
      specifier,
      VIA_REQUIRE.test(specifier) ? { ...context, conditions: ['require', 'node', 'default'] } : context,
    ),
});
