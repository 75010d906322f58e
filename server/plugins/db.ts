import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDriver: Database['driver'];
    /** True when this start filled an empty database with the demo companies. */
    seeded: boolean;
  }
}

export type DbPluginOptions = { database?: Database; seed: boolean };

export const dbPlugin = fp(async (app: FastifyInstance, opts: DbPluginOptions) => {
  const { config } = app;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  app.decorate('db', database.db);
  app.decorate('dbDriver', database.driver);
  app.addHook('onClose', () => database.close());
  app.decorate('seeded', opts.seed ? await seedDemoData(database.db, app.now()) : false);
});
