import { config } from 'zod/v4/core';

// Zod's compiled parsers need `new Function`, which our CSP refuses; without this, zod probes for
// it when it builds the first object schema and the browser reports the refusal as a console error
// on every start. Imported first by the console's entry, so it runs before any schema module
// (strict execution order, scripts/chunk-groups.ts); not on the sign-in page, which builds none.
config({ jitless: true });
