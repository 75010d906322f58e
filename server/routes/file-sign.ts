import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS } from '#contract/envelope.ts';
import {
  PLATFORM_COMPANY_ID,
  parseFileUrl,
  SIGNED_FILE_URL_SECONDS,
  signedFileUrls,
  signFileUrlsRequest,
} from '#contract/files.ts';
import { files } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { FILE_MESSAGES } from './file-serve.ts';

export const fileSignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/File/Sign',
    {
      schema: {
        tags: ['File'],
        description:
          'Signed URLs of uploaded files, for what cannot send the bearer (<img>, <video>, downloads, the ' +
          `learner app): each opens its file without a token for ${SIGNED_FILE_URL_SECONDS / 60} minutes ` +
          '(`?exp=<Unix seconds>&sig=<HMAC>`), with byte ranges. Takes `/files/<id>/<name>` URLs (an origin ' +
          "or an old signature is ignored) of the caller's company or of the platform's content store. " +
          'One unknown file (or one of another company) refuses the whole request with 404 and lists the ' +
          'URLs it could not sign in `data.urls`; a URL that is not a file URL gets 422.',
        body: signFileUrlsRequest,
        response: responses(signedFileUrls),
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const parsed = req.body.urls.map(parseFileUrl);
      const fields = parsed.flatMap((p, i) =>
        p ? [] : [{ path: `urls.${i}`, message: 'Not a file URL (/files/<id>/<name>)' }],
      );
      if (fields.length) {
        const list = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
        throw new ApiError(422, STATUS.validation, `Please correct the request: ${list}.`, { fields });
      }
      const ids = [...new Set(parsed.map((p) => p!.id))];
      const found = await app.db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, ids),
            or(eq(files.companyId, auth.companyId), eq(files.companyId, PLATFORM_COMPANY_ID)),
          ),
        );
      const known = new Set(found.map((f) => f.id));
      const missing = req.body.urls.filter((_, i) => !known.has(parsed[i]!.id));
      if (missing.length) throw new ApiError(404, STATUS.notFound, FILE_MESSAGES.notFound, { urls: missing });
      const exp = Math.floor(app.now().getTime() / 1000) + SIGNED_FILE_URL_SECONDS;
      return ok({ urls: parsed.map((p) => app.fileUrls.sign(p!.path, p!.id, exp)), exp });
    },
  );
};
