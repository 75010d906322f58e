import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoData } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True when this start filled an empty database with the demo companies. */
    seeded: boolean;
  }
}

export type SeedPluginOptions = { seed: boolean };

/** Registered after the database and the file store: the demo banners' images are real files. */
export const seedPlugin = fp(async (app: FastifyInstance, opts: SeedPluginOptions) => {
  app.decorate('seeded', opts.seed ? await seedDemoData(app.db, app.fileStore, app.now()) : false);
});
