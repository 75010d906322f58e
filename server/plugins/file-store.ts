import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from '../lib/file-store.ts';
import { localFileStore } from '../lib/local-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files and resumable upload parts: DATA_DIR, or the S3 bucket when configured. */
    fileStore: FileStore;
  }
}

export const fileStorePlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  // The AWS SDK loads only when S3 is configured (~100 ms of start-up otherwise spent for nothing).
  const store = config.s3
    ? await (await import('../lib/s3-file-store.ts')).s3FileStore(config.s3)
    : await localFileStore({ filesDir: config.filesDir, tusDir: join(config.dataDir, 'tus') });
  app.decorate('fileStore', store);
  app.addHook('onClose', () => store.close());
});
