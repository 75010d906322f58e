import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlSocketPath, runNightlyBackup, writeBackup } from '../services/backup.ts';

const MINUTE = 60 * 1000;

/**
 * Backups of the embedded database while the server runs (services/backup.ts):
 * - a nightly backup into DATA_DIR/backups keeping the last 7, checked hourly against app.now();
 * - `./run backup` asks this server for the archive over a Unix socket in DATA_DIR/run (folder
 *   mode 0700): no TCP port, so only the account that owns DATA_DIR, which can read the
 *   database files anyway, can take one. Nothing of this exists on PostgreSQL (pg_dump).
 */
export const backupPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  if (app.dbDriver !== 'pglite' || config.pgliteDir.startsWith('memory://')) return;

  const nightly = () =>
    runNightlyBackup(app.db, config, app.now())
      .then((file) => file && app.log.info({ file }, 'nightly backup written'))
      .catch((err) => app.log.error({ err }, 'nightly backup failed'));

  const socketPath = controlSocketPath(config.dataDir);
  let control: Server | undefined;
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    first = setTimeout(nightly, 10 * MINUTE).unref();
    timer = setInterval(nightly, 60 * MINUTE).unref();

    await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
    await chmod(dirname(socketPath), 0o700);
    // A socket left by a killed server: this process holds the data folder's lock, so it is stale.
    await rm(socketPath, { force: true });
    control = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/status') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ pid: process.pid, dataDir: config.dataDir }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/backup') {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/x-tar');
      app.log.info('backup requested through the control socket');
      writeBackup(app.db, config, res, app.now()).then(
        () => res.end(),
        (err) => {
          app.log.error({ err }, 'backup through the control socket failed');
          res.destroy(err);
        },
      );
    });
    await new Promise<void>((resolve) => {
      control?.once('error', (err) => {
        app.log.warn({ err, socketPath }, '`./run backup` cannot reach this server: no control socket');
        control = undefined;
        resolve();
      });
      control?.listen(socketPath, () => resolve());
    });
    if (control) await chmod(socketPath, 0o600);
  });

  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    if (control) {
      const server = control;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    }
  });
});
