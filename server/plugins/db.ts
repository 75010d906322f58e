import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { readDrizzleTypesWithoutCopies } from '../db/pglite-parsers.ts';
import { TableStatistics } from '../db/table-statistics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDriver: Database['driver'];
    /** Told of rows written, it has a table analysed after bulk writes (db/table-statistics.ts). */
    tableStatistics: TableStatistics;
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
  const statistics = new TableStatistics(database.db, app.log);
  app.decorate('tableStatistics', statistics);
  app.addHook('onClose', async () => {
    await statistics.close();
    await database.close();
  });
});
