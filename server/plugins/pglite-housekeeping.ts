import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msUntilVacuum, VACUUM_EVERY_MS, vacuumEmbedded } from '../db/housekeeping.ts';

/**
 * The embedded database's vacuum (db/housekeeping.ts): before the server is ready when one is due
 * (none recorded, or the last an hour ago or more), then an hour after the last one, hourly.
 */
export const pgliteHousekeepingPlugin = fp(async (app: FastifyInstance) => {
  if (app.dbDriver !== 'pglite') return;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = () =>
    vacuumEmbedded(app.db, app.now()).catch((err) =>
      app.log.warn({ err }, 'vacuum of the embedded database failed'),
    );
  const schedule = (ms: number) => {
    timer = setTimeout(async () => {
      await run();
      if (!closed) schedule(VACUUM_EVERY_MS);
    }, ms).unref();
  };
  app.addHook('onReady', async () => {
    const wait = await msUntilVacuum(app.db, app.now());
    if (wait > 0) return schedule(wait);
    await run();
    schedule(VACUUM_EVERY_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
});
