import { fork } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config, S3Config } from '../config.ts';
import { acquireDataDirLock } from './pglite-lock.ts';

/**
 * A new embedded database is created by a short-lived child process (create-cluster-child.ts),
 * and the server then opens the finished folder.
 *
 * Why a child: creating a PGlite cluster (initdb, the migrations, the demo seed) grows PGlite's
 * WebAssembly memory far beyond what a reopened database needs, and a WebAssembly memory never
 * shrinks: in the server's own process that peak stayed as idle RSS (issue 14). The child's
 * memory goes back to the system when it exits.
 *
 * Atomic: the child builds the cluster in a sibling folder (`<dir>.creating-<id>`); only when it
 * has closed the database cleanly does this process fsync every file and rename the folder into
 * place (then fsync the parent folder). A crash or a kill at any point leaves either no `dir` or
 * a complete one, never a half-created folder with a PG_VERSION that a later start would trust.
 * Unfinished siblings are removed by the next creation (the caller holds `<dir>.lock`).
 */

const CHILD = fileURLToPath(new URL('./create-cluster-child.ts', import.meta.url));
const UNFINISHED = '.creating-';

/** Where the demo seed stores its files: the same choice as plugins/file-store.ts. */
export type SeedFiles = { dataDir: string; filesDir: string; s3: S3Config | undefined };

export type CreateRequest = {
  /** The folder the child creates the cluster in (a sibling of the final one). */
  dir: string;
  migrate: boolean;
  fsync: boolean;
  /** Seed the demo companies into the new database (the server's first start, not in production). */
  seed?: SeedFiles;
};

export type CreateReply = { ok: true; seeded: boolean } | { ok: false; error: string };

/** True when `dir` holds no PostgreSQL cluster yet (PG_VERSION is the folder's own marker). */
export const isNewCluster = (dir: string) => !existsSync(join(dir, 'PG_VERSION'));

/**
 * The server's first start on a new embedded database folder (start.ts): the child creates,
 * migrates and, with `seed`, seeds it, as the app would on opening it; the app then opens the
 * finished folder (and finds it seeded). Nothing to do on PostgreSQL or an existing folder.
 * If this process dies after the child seeded but before the folder is renamed into place, the
 * seed's few demo files stay in the file store with no row naming them; the database is created
 * again on the next start.
 */
export async function createServerDatabase(config: Config, seed: boolean): Promise<{ seeded: boolean }> {
  const dir = config.pgliteDir;
  if (config.databaseUrl || dir.startsWith('memory://') || !isNewCluster(dir)) return { seeded: false };
  mkdirSync(dirname(dir), { recursive: true });
  const release = acquireDataDirLock(`${dir}.lock`);
  try {
    return await createClusterInChild(dir, {
      migrate: true,
      fsync: true,
      seed: seed ? { dataDir: config.dataDir, filesDir: config.filesDir, s3: config.s3 } : undefined,
    });
  } finally {
    release();
  }
}

/**
 * Creates the cluster of `dir` in a child process (see above). The caller holds `<dir>.lock`.
 * Returns whether the child seeded the demo data.
 */
export async function createClusterInChild(
  dir: string,
  opts: { migrate: boolean; fsync: boolean; seed?: SeedFiles },
): Promise<{ seeded: boolean }> {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  removeUnfinished(dir);
  const tmp = `${dir}${UNFINISHED}${process.pid}-${Date.now()}`;
  try {
    const reply = await runChild({ dir: tmp, ...opts });
    if (opts.fsync) syncTree(tmp);
    moveIntoPlace(tmp, dir);
    if (opts.fsync) syncPath(parent);
    return { seeded: reply.seeded };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(`${tmp}.lock`, { force: true });
  }
}

function runChild(request: CreateRequest): Promise<{ seeded: boolean }> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      // Not the parent's flags (a test runner's loaders): the child is a plain `node` of this file.
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let reply: CreateReply | undefined;
    child.on('message', (m: CreateReply) => {
      reply = m;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (reply?.ok && code === 0) resolve({ seeded: reply.seeded });
      else
        reject(
          new Error(
            `Creating the embedded database failed (${signal ? `child killed by ${signal}` : `child exit code ${code}`})` +
              (reply && !reply.ok ? `: ${reply.error}` : ''),
          ),
        );
    });
    child.send(request);
  });
}

/** Folders (and their lock files) of creations that did not finish: a killed server or child. */
function removeUnfinished(dir: string) {
  const prefix = `${basename(dir)}${UNFINISHED}`;
  for (const name of readdirSync(dirname(dir))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(dir), name), { recursive: true, force: true });
  }
}

/**
 * `dir` may exist already: empty (made by an earlier start, or by hand) it is replaced; holding
 * something that is not a cluster (no PG_VERSION) it is kept beside, under another name.
 */
function moveIntoPlace(tmp: string, dir: string) {
  if (existsSync(dir)) {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
    else {
      const aside = `${dir}.not-a-database-${Date.now()}`;
      renameSync(dir, aside);
      console.warn(`${dir} held files but no database; moved to ${aside} and created a new database.`);
    }
  }
  renameSync(tmp, dir);
}

function syncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Every file and folder of the new cluster reaches the disk before it is renamed into place:
 * PGlite writes initdb's files into the folder without fsync, and PostgreSQL's checkpoints only
 * fsync the files they wrote.
 */
function syncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    syncPath(join(entry.parentPath, entry.name));
  }
  syncPath(dir);
}
