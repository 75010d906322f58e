import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createClusterInChild, isNewCluster } from './create-cluster.ts';
import { acquireDataDirLock } from './pglite-lock.ts';
import * as schema from './schema.ts';

/** The one database type of the app, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; driver: 'pglite' | 'postgres'; close: () => Promise<void> };

/** Rows of a raw query, whichever driver (both answer `{ rows }`). */
export const rowsOf = async <T>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Small buffers: the embedded database serves one console; PGlite's 128MB default adds ~100MB idle RSS.
const PGLITE_EXTRA_PARAMS = ['-c', 'shared_buffers=16MB'];

/**
 * Durability of the embedded database (issue 15): a commit the API answered survives a killed
 * process, a kernel crash and a power cut, as on PostgreSQL.
 *
 * PGlite's `defaultStartParams` include `-F` (fsync off). Under Node that alone changes nothing,
 * because PGlite's NODEFS has no fsync at all (durable-nodefs.ts): PostgreSQL still write()s each
 * commit's WAL into the real file before answering (so a SIGKILL loses nothing), but no fsync
 * ever reaches the disk. So the folder is opened with DurableNodeFS (a real fs.fsyncSync) and:
 * - no `-F`, `fsync=on`: WAL flushes and checkpoints fsync their files;
 * - `wal_sync_method=fsync`: the default `fdatasync` is a no-op in Emscripten, fsync() is not;
 * - `synchronous_commit=on` (the default, stated): a commit returns after its WAL is on disk;
 * - `full_page_writes=on` (the default, stated): a page torn by a power cut is repaired from WAL.
 * PGlite's `syncToFs`/`relaxedDurability` only concern the browser's IndexedDB copy: with
 * NODEFS there is no in-memory copy to sync. Cost measured by bench/fsync.bench.ts.
 */
const PGLITE_DURABLE_PARAMS = [
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
  '-c',
  'full_page_writes=on',
];

export type OpenOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  migrate?: boolean;
  /** Only bench/fsync.bench.ts turns this off, to measure what durability costs. */
  pgliteFsync?: boolean;
  /** Restore: a new PGlite folder is filled from this dump (`dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const fsync = opts.pgliteFsync ?? true;
  const dir = opts.pgliteDir;
  // A new folder's cluster is created by a child process (create-cluster.ts): this process
  // never holds initdb's memory, and the folder appears complete or not at all.
  let lock: (() => void) | undefined;
  if (!opts.databaseUrl && !dir.startsWith('memory://') && !opts.loadDataDir && isNewCluster(dir)) {
    mkdirSync(dirname(dir), { recursive: true });
    lock = acquireDataDirLock(`${dir}.lock`);
    try {
      await createClusterInChild(dir, { migrate: opts.migrate !== false, fsync });
    } catch (err) {
      lock();
      throw err;
    }
  }
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(dir, fsync, opts.loadDataDir, lock);
  if (opts.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

/** PGlite's start parameters: its defaults without `-F` and with the durable settings above. */
export function pgliteStartParams(defaults: readonly string[], fsync = true) {
  if (!fsync) return [...defaults, ...PGLITE_EXTRA_PARAMS];
  return [...defaults.filter((p) => p !== '-F'), ...PGLITE_DURABLE_PARAMS, ...PGLITE_EXTRA_PARAMS];
}

/**
 * Opens (or, in this process, creates) the PGlite folder `dir`. `heldLock`: the release of
 * `<dir>.lock` when the caller took it already.
 */
export async function openPglite(
  dir: string,
  fsync = true,
  loadDataDir?: Blob,
  heldLock?: () => void,
): Promise<Database> {
  const [{ PGlite }, { drizzle }, { DurableNodeFS }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('./durable-nodefs.ts'),
  ]);
  const inMemory = dir.startsWith('memory://');
  let release = heldLock ?? (() => {});
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    if (!heldLock) release = acquireDataDirLock(`${dir}.lock`);
  }
  try {
    const client = await PGlite.create({
      // In memory (tests) there is no disk to sync: PGlite's defaults.
      ...(inMemory ? {} : fsync ? { fs: new DurableNodeFS(dir) } : { dataDir: dir }),
      startParams: inMemory
        ? [...PGlite.defaultStartParams, ...PGLITE_EXTRA_PARAMS]
        : pgliteStartParams(PGlite.defaultStartParams, fsync),
      loadDataDir,
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
