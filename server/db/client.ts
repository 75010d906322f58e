import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock } from './pglite-lock.ts';
import * as schema from './schema.ts';

/** The one database type of the app, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; driver: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Small buffers: the embedded database serves one console; PGlite's 128MB default adds ~100MB idle RSS.
const PGLITE_EXTRA_PARAMS = ['-c', 'shared_buffers=16MB'];

export type OpenOptions = { databaseUrl?: string; pgliteDir: string; migrate?: boolean };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const newCluster =
    !opts.databaseUrl &&
    !opts.pgliteDir.startsWith('memory://') &&
    !existsSync(join(opts.pgliteDir, 'PG_VERSION'));
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.pgliteDir);
  if (opts.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  if (!newCluster) return database;
  // Creating the cluster grows PGlite's WebAssembly memory to ~700 MiB, which it never gives
  // back; a reopen starts at a third of that.
  await database.close();
  return openPglite(opts.pgliteDir);
}

async function openPglite(dir: string): Promise<Database> {
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const inMemory = dir.startsWith('memory://');
  let release = () => {};
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(`${dir}.lock`);
  }
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : dir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_EXTRA_PARAMS],
    });
    const db = drizzle({ client, schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that dies (server restart, a dropped database) is replaced by the pool;
  // without a listener its 'error' event would crash the process.
  pool.on('error', (err) => console.warn(`PostgreSQL connection closed: ${err.message}`));
  await pool.query('select 1');
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, driver: 'postgres', close: () => pool.end() };
}

export async function migrateDatabase({ db, driver }: Database) {
  if (driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as never, { migrationsFolder });
  }
}
