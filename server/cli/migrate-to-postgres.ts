// Moves the embedded database of DATA_DIR into the empty PostgreSQL database of DATABASE_URL
// (services/migrate-to-postgres.ts). Stop the server first: it holds the embedded database.
//   DATABASE_URL=postgres://user:password@host:5432/console ./run migrate-to-postgres
import { loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { migrateToPostgres } from '../services/migrate-to-postgres.ts';

const config = loadConfig();
try {
  if (!config.databaseUrl)
    throw new Error(
      'Set DATABASE_URL to the new, empty PostgreSQL database, e.g. ' +
        'DATABASE_URL=postgres://user:password@localhost:5432/console ./run migrate-to-postgres',
    );
  const report = await migrateToPostgres({
    pgliteDir: config.pgliteDir,
    databaseUrl: config.databaseUrl,
    log: (line) => console.log(line),
  });
  for (const t of report.tables) console.log(`  ${t.name.padEnd(32)} ${String(t.rows).padStart(9)} rows`);
  console.log(`  ${report.sequences} sequences set to their values in the embedded database.`);
  console.log(
    `\nDone. Start the server with this DATABASE_URL and the same DATA_DIR: uploaded files stay in ` +
      `${config.s3 ? `the S3 bucket ${config.s3.bucket}` : config.filesDir}. ` +
      `The embedded database in ${config.pgliteDir} is unchanged; remove it once you are sure.`,
  );
} catch (err) {
  const message =
    err instanceof DataDirLockedError
      ? `A server is running on ${config.dataDir} (pid ${err.pid}). Stop it first, then run the move again.`
      : (err as Error).message;
  console.error(`\nFailed: ${message}\n`);
  process.exit(1);
}
