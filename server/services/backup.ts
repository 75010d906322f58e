// Backups of the embedded database and the uploaded files (issue 15): one tar archive holding
//   manifest.json        what it is, when, from which database
//   database.tar.gz      PGlite's dumpDataDir() of the data folder, taken with no transaction open
//   files/               DATA_DIR/files (absent when files live in S3: back the bucket up there)
//   file-url-secret      the key of signed file URLs, when the server made one
// Made by the running server (the nightly backup, or `./run backup` through the local control
// socket, see plugins/backup.ts), or by the CLI itself when no server holds the folder.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/pglite-lock.ts';

export const BACKUP_FORMAT = 'learning-admin-console-backup';
export const NIGHTLY_KEEP = 7;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite';
  postgresVersion: string;
  /** 'included', or why not ('s3': the files are in the S3 bucket, not in the archive). */
  files: 'included' | 's3';
};

/** The local control socket of a running server (plugins/backup.ts); only its owner may open it. */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'run', 'admin.sock');

type Paths = Pick<Config, 'dataDir' | 'filesDir' | 's3'>;

function pgliteOf(db: Db): PGlite {
  const client = (db as unknown as { $client?: PGlite }).$client;
  if (!client || typeof client.dumpDataDir !== 'function')
    throw new Error('Backups through this command are for the embedded database; on PostgreSQL use pg_dump.');
  return client;
}

/**
 * The data folder as a gzipped tar, consistent: a CHECKPOINT first (little WAL to replay on
 * restore), then the dump while no transaction is open (PGlite's transaction lock, which its
 * query() and exec() take too) and no query runs (dumpDataDir takes the query lock).
 */
export async function dumpDatabase(db: Db) {
  const pg = pgliteOf(db);
  await pg.exec('CHECKPOINT');
  const version = (await pg.query<{ v: string }>('select current_setting($1) as v', ['server_version']))
    .rows[0].v;
  const dump = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
  return { dump, version };
}

function runTar(args: string[], out?: Writable) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', out ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    const piped = out && child.stdout ? pipeline(child.stdout, out, { end: false }) : Promise.resolve();
    child.on('error', (err) =>
      reject(new Error(`Cannot run tar (${err.message}); backups need the system's tar command.`)),
    );
    child.on('close', (code) => {
      piped.then(
        () =>
          code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`)),
        reject,
      );
    });
  });
}

/** Writes the archive of the database `db` and the files of `paths` into `out`. */
export async function writeBackup(db: Db, paths: Paths, out: Writable, now = new Date()) {
  const { dump, version } = await dumpDatabase(db);
  await mkdir(paths.dataDir, { recursive: true });
  const staging = await mkdtemp(join(paths.dataDir, '.backup-'));
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      database: 'pglite',
      postgresVersion: version,
      files: paths.s3 ? 's3' : 'included',
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const args = ['-c', '-f', '-', '-C', staging, 'manifest.json', 'database.tar.gz'];
    const extra: string[] = [];
    if (!paths.s3 && existsSync(paths.filesDir)) extra.push(basename(paths.filesDir));
    if (existsSync(join(paths.dataDir, 'file-url-secret'))) extra.push('file-url-secret');
    if (extra.length) args.push('-C', paths.dataDir, ...extra);
    await runTar(args, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The archive into a file, written aside and renamed when complete (never a half archive). */
export async function writeBackupFile(db: Db, paths: Paths, file: string, now = new Date()) {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const manifest = await writeBackup(db, paths, out, now);
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    await rename(partial, file);
    return manifest;
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/** The manifest of an archive, or a clear error when the file is not one of ours. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const chunks: Buffer[] = [];
  const sink = new (await import('node:stream')).Writable({
    write(chunk, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    await runTar(['-x', '-O', '-f', file, 'manifest.json'], sink);
  } catch {
    throw new Error(`${file} is not a backup of this console (no manifest.json in a tar archive).`);
  }
  const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new Error(
      `${file} is not a backup of this console (format ${manifest.format} ${manifest.version}).`,
    );
  return manifest;
}

export class ServerRunningError extends Error {}

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, '-');

/**
 * Replaces the embedded database and the files of `config` by those of the archive. Refuses while
 * a server holds the folder; what was there is moved to DATA_DIR/before-restore-<time>, not deleted.
 */
export async function restoreBackup(config: Config, file: string, now = new Date()) {
  const manifest = await readManifest(file);
  const lockPath = `${config.pgliteDir}.lock`;
  let release: () => void;
  try {
    release = acquireDataDirLock(lockPath);
  } catch (err) {
    throw new ServerRunningError(
      `A server is running on ${config.dataDir} (${(err as Error).message.split(' (')[0].toLowerCase()}). ` +
        'Stop it first (Ctrl+C in its terminal, or stop its service), then run the restore again. ' +
        'To copy the data of a running server, use ./run backup instead.',
    );
  }
  const staging = await mkdtemp(join(config.dataDir, '.restore-'));
  const aside = join(config.dataDir, `before-restore-${stamp(now)}`);
  const moved: string[] = [];
  try {
    await runTar(['-x', '-f', file, '-C', staging]);
    const dump = await readFile(join(staging, 'database.tar.gz'));
    for (const path of [config.pgliteDir, config.filesDir, join(config.dataDir, 'file-url-secret')]) {
      if (!existsSync(path)) continue;
      if ((await stat(path)).isDirectory() && (await readdir(path)).length === 0) {
        await rm(path, { recursive: true });
        continue;
      }
      await mkdir(aside, { recursive: true });
      await rename(path, join(aside, basename(path)));
      moved.push(basename(path));
    }
    release();
    release = () => {};
    const database = await openDatabase({ pgliteDir: config.pgliteDir, loadDataDir: new Blob([dump]) });
    await database.close();
    const files = join(staging, basename(config.filesDir));
    if (existsSync(files)) await rename(files, config.filesDir);
    if (existsSync(join(staging, 'file-url-secret')))
      await rename(join(staging, 'file-url-secret'), join(config.dataDir, 'file-url-secret'));
    return { manifest, movedAside: moved.length ? aside : undefined };
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
  }
}

// ── Nightly backups ──────────────────────────────────────────────────────────────────────────

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
const NIGHTLY = /^nightly-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.tar$/;
const HOUR = 60 * 60 * 1000;

export async function nightlyBackups(dataDir: string) {
  const names = await readdir(backupsDir(dataDir)).catch(() => [] as string[]);
  return names.filter((n) => NIGHTLY.test(n)).sort();
}

const takenAt = (name: string) => {
  const [, t] = NIGHTLY.exec(name) as RegExpExecArray;
  const [date, time] = t.split('T');
  const [h, m, s, ms] = time.slice(0, -1).split('-');
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
};

/**
 * Due at night (server time 01:00–04:59) once the last one is 12 hours old, or at any hour once
 * it is 26 hours old (a server that is off or busy at night still gets one a day).
 */
export function nightlyDue(last: Date | undefined, now: Date) {
  if (!last) return true;
  const age = now.getTime() - last.getTime();
  const hour = now.getHours();
  return age >= 26 * HOUR || (age >= 12 * HOUR && hour >= 1 && hour < 5);
}

/** Takes the nightly backup when due and keeps the newest NIGHTLY_KEEP. Returns the new file. */
export async function runNightlyBackup(db: Db, paths: Paths, now: Date) {
  const existing = await nightlyBackups(paths.dataDir);
  const last = existing.at(-1);
  if (!nightlyDue(last ? takenAt(last) : undefined, now)) return undefined;
  const file = join(backupsDir(paths.dataDir), `nightly-${stamp(now)}.tar`);
  await writeBackupFile(db, paths, file, now);
  const all = await nightlyBackups(paths.dataDir);
  for (const old of all.slice(0, Math.max(0, all.length - NIGHTLY_KEEP)))
    await rm(join(backupsDir(paths.dataDir), old), { force: true });
  return file;
}
