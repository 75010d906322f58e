import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';

const params = z.object({ id: z.string().max(64), name: z.string().max(300) });

/**
 * Uploaded files by capability URL (/files/<random id>/<name>): no bearer, so <img src> works.
 * Served with the type sniffed at upload, never guessed again by the browser; only images inline.
 */
export const fileServeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:id/:name', { schema: { hide: true, params } }, async (req, reply) => {
    const [file] = await app.db.select().from(files).where(eq(files.id, req.params.id)).limit(1);
    if (!file) throw notFound('File not found.');
    const path = join(app.config.filesDir, file.storagePath);
    const info = await stat(path).catch(() => null);
    if (!info) throw notFound('File not found.');
    const disposition = file.mimeType.startsWith('image/') ? 'inline' : 'attachment';
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Length', info.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
};
