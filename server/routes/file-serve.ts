import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { files } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { parseRange } from '../lib/byte-range.ts';
import { FileMissingError } from '../lib/file-store.ts';

const params = z.object({ id: z.string().max(64), name: z.string().max(300) });

/**
 * Uploaded files by capability URL (/files/<random id>/<name>): no bearer, so <img src> works.
 * Served with the type sniffed at upload, never guessed again by the browser; only images inline.
 * Streams from the file store (folder or S3) with byte ranges, so a video player can seek.
 */
export const fileServeRoutes: FastifyPluginAsyncZod = async (app) => {
  // HEAD answers from the row alone (Fastify's own HEAD would read the whole file and drop it).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:id/:name',
    exposeHeadRoute: false,
    schema: { hide: true, params },
    handler: async (req, reply) => {
      const [file] = await app.db.select().from(files).where(eq(files.id, req.params.id)).limit(1);
      if (!file) throw notFound('File not found.');
      // A file never changes under its id, so its id is a strong validator.
      const etag = `"${file.id}"`;
      const ifRange = req.headers['if-range'];
      const range = !ifRange || ifRange === etag ? parseRange(req.headers.range, file.size) : null;
      if (range === 'unsatisfiable') {
        throw new ApiError(
          416,
          STATUS.validation,
          `The requested range is outside the file (${file.size} bytes).`,
          { size: file.size },
          { 'content-range': `bytes */${file.size}` },
        );
      }
      let body: Awaited<ReturnType<typeof app.fileStore.read>> | undefined;
      if (req.method !== 'HEAD') {
        body = await app.fileStore.read(file.storagePath, range ?? undefined).catch((err) => {
          throw err instanceof FileMissingError ? notFound('File not found.') : err;
        });
      }
      const disposition = file.mimeType.startsWith('image/') ? 'inline' : 'attachment';
      reply
        .header('Content-Type', file.mimeType)
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('Cache-Control', 'private, max-age=31536000, immutable');
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', file.size);
      }
      return reply.send(body);
    },
  });
};
