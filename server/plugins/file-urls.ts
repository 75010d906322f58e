import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileUrlSigner, fileUrlSigner, loadFileUrlKey } from '../lib/file-urls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the expiring file URLs that <img>, <video> and the learner app open. */
    fileUrls: FileUrlSigner;
  }
}

export const fileUrlsPlugin = fp(async (app: FastifyInstance) => {
  const key = await loadFileUrlKey({ secret: app.config.fileUrlSecret, dataDir: app.config.dataDir });
  app.decorate('fileUrls', fileUrlSigner(key));
});
