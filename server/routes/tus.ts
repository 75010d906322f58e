import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { FILE_KINDS } from '#contract/files.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { safeFileName } from '../lib/file-types.ts';
import { requireAuth } from '../plugins/auth.ts';
import * as uploads from '../services/tus-uploads.ts';
import { checkFileName, tooLarge } from '../services/uploads.ts';
import { fileHeaders, patchUpload } from './tus-patch.ts';
import * as tus from './tus-protocol.ts';

const BASE = '/v1/File/Tus';
const params = z.object({ id: z.uuid() });
const hidden = { hide: true };

/**
 * tus 1.0 core + creation, by hand rather than @tus/server: it runs inside Fastify's lifecycle
 * (bearer auth, maintenance, error envelope), keeps one row per upload as the only bookkeeping,
 * and checks content and records the file itself. Bytes stream to the file store (DATA_DIR or
 * S3) and are never held whole in memory; a database lease lets any API process continue any
 * upload, one PATCH at a time.
 */
export const tusRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = app.fileStore.tus;

  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  app.addHook('onSend', async (req, reply) => {
    reply.header('Tus-Resumable', tus.TUS_VERSION).header('Access-Control-Expose-Headers', tus.TUS_EXPOSED);
    if (req.method === 'HEAD' || req.method === 'PATCH') reply.header('Cache-Control', 'no-store');
  });
  app.addHook('preHandler', async (req) => {
    const version = req.headers['tus-resumable'];
    if (req.method !== 'OPTIONS' && version && version !== tus.TUS_VERSION) {
      throw new ApiError(412, STATUS.validation, `Only tus ${tus.TUS_VERSION} is supported.`);
    }
  });

  const own = async (req: Parameters<typeof requireAuth>[0], id: string) => {
    const { companyId, userId } = requireAuth(req);
    const upload = await uploads.findOwnUpload(app.db, id, { companyId, userId });
    const offset = upload && (await uploads.offsetOf(parts, upload));
    if (!upload || offset === undefined) throw notFound('This upload does not exist or has expired.');
    return { upload, offset };
  };

  const discovery = async (_req: unknown, reply: FastifyReply) =>
    reply
      .code(204)
      .header('Tus-Version', tus.TUS_VERSION)
      .header('Tus-Extension', 'creation')
      .header('Tus-Max-Size', String(tus.TUS_MAX_SIZE))
      .send();
  app.options(BASE, { config: { public: true }, schema: hidden }, discovery);
  app.options(`${BASE}/:id`, { config: { public: true }, schema: hidden }, discovery);

  app.post(BASE, { schema: hidden }, async (req, reply) => {
    const { companyId, userId } = requireAuth(req);
    const length = tus.intHeader(req.headers['upload-length'], 'Upload-Length');
    const meta = tus.parseMetadata(req.headers['upload-metadata'] as string | undefined);
    const kind = tus.parseKind(meta.kind);
    if (length > FILE_KINDS[kind].maxBytes) throw tooLarge(kind);
    if (length === 0) throw new ApiError(422, STATUS.validation, 'The file is empty. Choose another file.');
    const fileName = safeFileName(meta.filename || 'file');
    checkFileName(kind, fileName);
    const id = await uploads.createUpload(
      app.db,
      parts,
      { companyId, userId },
      { kind, fileName, length, now: app.now() },
    );
    return reply.code(201).header('Location', `/api${BASE}/${id}`).header('Upload-Offset', '0').send();
  });

  app.head(`${BASE}/:id`, { schema: { ...hidden, params } }, async (req, reply) => {
    const { upload, offset } = await own(req, req.params.id);
    fileHeaders(reply, upload)
      .header('Upload-Offset', String(offset))
      .header('Upload-Length', String(upload.length));
    return reply.code(200).send();
  });

  app.patch(`${BASE}/:id`, { schema: { ...hidden, params } }, (req, reply) => patchUpload(app, req, reply));
};
