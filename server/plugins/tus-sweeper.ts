import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepStaleUploads } from '../services/tus-uploads.ts';

const HOUR = 60 * 60 * 1000;

/** Removes resumable uploads left untouched for 24 h: once at start, then hourly. */
export const tusSweeperPlugin = fp(async (app: FastifyInstance) => {
  const sweep = () =>
    sweepStaleUploads(app.db, app.fileStore.tus, app.now(), (err, upload) =>
      app.log.warn({ err, upload }, 'the bytes of a stale upload could not be deleted'),
    ).catch((err) => app.log.error({ err }, 'upload sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, HOUR).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
