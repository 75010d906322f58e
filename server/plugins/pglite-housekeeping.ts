import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HOUR = 60 * 60 * 1000;

/**
 * PGlite runs PostgreSQL without autovacuum: every update would leave its dead row behind and
 * the planner would never get statistics. So the embedded database is vacuumed and analysed at
 * start and hourly; PostgreSQL does this itself.
 */
export const pgliteHousekeepingPlugin = fp(async (app: FastifyInstance) => {
  if (app.dbDriver !== 'pglite') return;
  const run = () =>
    app.db
      .execute(sql`vacuum analyze`)
      .catch((err) => app.log.warn({ err }, 'vacuum of the embedded database failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, HOUR).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
