import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { PLATFORM_COMPANY_ID } from '#contract/files.ts';
import { files } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../lib/api-error.ts';
import { parseRange } from '../lib/byte-range.ts';
import { FileMissingError } from '../lib/file-store.ts';

const INLINE_TYPES = /^(image\/|application\/pdf$|video\/mp4$|audio\/mpeg$)/;

const params = z.object({ id: z.string().max(64), name: z.string().max(300) });
const querystring = z.object({ exp: z.string().max(40).optional(), sig: z.string().max(200).optional() });

export const FILE_MESSAGES = {
  signIn: 'Sign in, or use a signed link, to open this file.',
  expired: 'This file link has expired. Reload the page to get a new one.',
  invalid: 'This file link is not valid. Reload the page to get a new one.',
  notFound: 'File not found.',
} as const;

/**
 * Uploaded files at /files/<id>/<name>, never public: the request carries the bearer of a user
 * of the file's company (any company for the platform's files), or a signed URL that has not
 * expired (`?exp&sig`, from File/Sign) for what cannot send a header (<img>, <video>, downloads).
 * Another company's file and an unknown one get the same 404.
 * Served with the type sniffed at upload, never guessed again by the browser; pictures, PDFs and media inline.
 * Streams from the file store (folder or S3) with byte ranges, so a video player can seek.
 */
export const fileServeRoutes: FastifyPluginAsyncZod = async (app) => {
  // HEAD answers from the row alone (Fastify's own HEAD would read the whole file and drop it).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:id/:name',
    exposeHeadRoute: false,
    schema: { hide: true, params, querystring },
    handler: async (req, reply) => {
      const { exp, sig } = req.query;
      const signed = exp !== undefined || sig !== undefined;
      if (signed) {
        const check = app.fileUrls.check(req.params.id, exp, sig, app.now());
        if (check !== 'valid') throw forbidden(FILE_MESSAGES[check]);
      } else if (req.headers.authorization) {
        await app.authenticate(req);
      } else {
        throw new ApiError(401, STATUS.unauthorized, FILE_MESSAGES.signIn);
      }
      const [file] = await app.db.select().from(files).where(eq(files.id, req.params.id)).limit(1);
      const readable =
        file && (signed || file.companyId === req.auth?.companyId || file.companyId === PLATFORM_COMPANY_ID);
      if (!readable) throw notFound(FILE_MESSAGES.notFound);
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
          throw err instanceof FileMissingError ? notFound(FILE_MESSAGES.notFound) : err;
        });
      }
      // Pictures, PDFs, videos and sounds show in the console's own previews (a PDF in a frame of
      // the console, nowhere else); other documents download.
      const disposition = INLINE_TYPES.test(file.mimeType) ? 'inline' : 'attachment';
      if (file.mimeType === 'application/pdf') {
        reply
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header(
            'Content-Security-Policy',
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          );
      }
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
