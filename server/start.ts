import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createServerDatabase } from './db/create-cluster.ts';
import { DataDirLockedError } from './db/pglite-lock.ts';
import { DEMO_LOGINS } from './db/seed-data.ts';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(`\nCannot start: ${(err as Error).message}\n`);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
// The app's own default: demo data everywhere but in production.
const seed = config.nodeEnv !== 'production';
let seeded = false;
try {
  // A new embedded database is created (and seeded) by a child process: this one never holds the
  // memory of creating it (db/create-cluster.ts).
  seeded = (await createServerDatabase(config, seed)).seeded;
  app = await buildApp({ config, logLevel: process.env.LOG_LEVEL ?? 'info', seed });
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\nCannot start: ${err.message}\n`);
  } else {
    console.error('Cannot start:', err);
  }
  await app?.close().catch(() => {}); // releases the database folder, e.g. when the port is taken
  process.exit(1);
}

const ms = Math.round(performance.now() - started);
const lines = [
  '',
  `  Learning Admin Console listening on ${config.publicUrl}  (ready in ${ms} ms)`,
  `  API docs: ${config.publicUrl}/api/docs`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`}`,
  `  Files: ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}` : config.filesDir}`,
];
if (config.nodeEnv !== 'production') {
  lines.push(`  Demo sign-ins${seeded || app?.seeded ? ' (demo data created now)' : ''}:`);
  for (const l of DEMO_LOGINS)
    lines.push(`    company ${l.company}  user ${l.username}  password ${l.password}  (${l.role})`);
}
console.log(`${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app?.log.info({ signal }, 'shutting down');
    await app?.close();
    process.exit(0);
  });
}
