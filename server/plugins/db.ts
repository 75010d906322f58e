import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { readDrizzleTypesWithoutCopies } from '../db/pglite-parsers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDriver: Database['driver'];
  }
}

export type DbPluginOptions = { database?: Database };

export const dbPlugin = fp(async (app: FastifyInstance, opts: DbPluginOptions) => {
  const { config } = app;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (database.driver === 'pglite') {
    readDrizzleTypesWithoutCopies((database.db as unknown as { $client: PGlite }).$client);
  }
  app.decorate('db', database.db);
  app.decorate('dbDriver', database.driver);
  app.addHook('onClose', () => database.close());
});
