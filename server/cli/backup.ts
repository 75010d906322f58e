// Backup and restore of the embedded database and the uploaded files (services/backup.ts).
//   node server/cli/backup.ts backup [file]   (./run backup [file])
//   node server/cli/backup.ts restore <file>  (./run restore <file>)
// `backup` asks the running server for a consistent archive over its control socket
// (DATA_DIR/run/admin.sock); with no server running it opens the folder itself.
// `restore` refuses while a server runs on DATA_DIR. Both use DATA_DIR like the server.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import {
  controlSocketPath,
  readManifest,
  restoreBackup,
  ServerRunningError,
  writeBackupFile,
} from '../services/backup.ts';

const PG_DUMP_HELP =
  'DATABASE_URL is set: the database is PostgreSQL, back it up with its own tools, e.g.\n' +
  '  pg_dump --format=custom --file=console.dump "$DATABASE_URL"\n' +
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" console.dump\n' +
  'and copy DATA_DIR/files (or the S3 bucket) beside it. See README.md, "Backup and restore".';

const [command, arg] = process.argv.slice(2);
const config = loadConfig();

const notRunning = (err: NodeJS.ErrnoException) => err.code === 'ENOENT' || err.code === 'ECONNREFUSED';

/** The running server's answer to a request on its control socket, or undefined when none runs. */
function control(method: string, path: string) {
  return new Promise<import('node:http').IncomingMessage | undefined>((done, fail) => {
    const req = request({ socketPath: controlSocketPath(config.dataDir), method, path }, done);
    req.on('error', (err: NodeJS.ErrnoException) => (notRunning(err) ? done(undefined) : fail(err)));
    req.end();
  });
}

async function backup() {
  if (config.databaseUrl) throw new Error(PG_DUMP_HELP);
  const file = resolve(arg ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`);
  if (existsSync(file)) throw new Error(`${file} exists already; name another file.`);
  const res = await control('POST', '/backup');
  if (res) {
    if (res.statusCode !== 200)
      throw new Error(`The running server refused the backup (HTTP ${res.statusCode}).`);
    const partial = `${file}.partial`;
    try {
      await pipeline(res, createWriteStream(partial, { mode: 0o600 }));
      if (!res.complete) throw new Error('The server stopped sending the backup before its end.');
      await readManifest(partial);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    console.log(`Backup of the running server written to ${file}`);
  } else {
    if (!existsSync(join(config.pgliteDir, 'PG_VERSION')))
      throw new Error(`There is no embedded database in ${config.pgliteDir} (DATA_DIR=${config.dataDir}).`);
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase({ pgliteDir: config.pgliteDir, migrate: false });
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new Error(
          `A server (pid ${err.pid}) holds ${config.pgliteDir} but does not answer on ${controlSocketPath(config.dataDir)}. ` +
            'Run the backup as the user that runs the server, with the same DATA_DIR, or stop the server first.',
        );
      throw err;
    }
    try {
      await writeBackupFile(database.db, config, file);
    } finally {
      await database.close();
    }
    console.log(`Backup of ${config.dataDir} (no server running) written to ${file}`);
  }
  const m = await readManifest(file);
  if (m.files === 's3')
    console.log('Uploaded files are in the S3 bucket and not in this archive: back the bucket up too.');
}

async function restore() {
  if (!arg) throw new Error('Usage: ./run restore <backup file>');
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: this restores the embedded database only. To load a backup into PostgreSQL, ' +
        'restore it into DATA_DIR without DATABASE_URL, then run ./run migrate-to-postgres.',
    );
  const file = resolve(arg);
  await readManifest(file);
  const status = await control('GET', '/status');
  if (status) {
    status.resume();
    throw new ServerRunningError(
      `A server is running on ${config.dataDir}. Stop it first (Ctrl+C in its terminal, or stop its service), ` +
        'then run the restore again. To copy the data of a running server, use ./run backup instead.',
    );
  }
  const { manifest, movedAside } = await restoreBackup(config, file);
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`);
  if (movedAside) console.log(`What was there before is in ${movedAside} (delete it once you are sure).`);
  if (manifest.files === 's3')
    console.log('The files of that backup are in the S3 bucket: restore them there.');
  console.log('Start the server as usual.');
}

try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new Error('Usage: node server/cli/backup.ts backup [file] | restore <file>');
} catch (err) {
  console.error(`\n${err instanceof ServerRunningError ? 'Refused' : 'Failed'}: ${(err as Error).message}\n`);
  process.exit(1);
}
