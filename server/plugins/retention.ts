import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../services/retention.ts';

const HOUR = 60 * 60 * 1000;

/** Prunes bookkeeping rows (services/retention.ts) a minute after start, then every 6 hours. */
export const retentionPlugin = fp(async (app: FastifyInstance) => {
  const run = () =>
    pruneExpired(app.db, app.now(), app.config.auditRetentionDays)
      .then((pruned) => app.log.info({ pruned }, 'pruned expired bookkeeping rows'))
      .catch((err) => app.log.warn({ err }, 'pruning expired rows failed'));
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(run, 60_000).unref();
    timer = setInterval(run, 6 * HOUR).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
});
