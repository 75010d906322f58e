import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { FILE_KINDS } from '#contract/files.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { safeFileName } from '../lib/file-types.ts';
import { requireAuth } from '../plugins/auth.ts';
import * as uploads from '../services/tus-uploads.ts';
import { tooLarge } from '../services/uploads.ts';
import * as tus from './tus-protocol.ts';

const BASE = '/v1/File/Tus';
const params = z.object({ id: z.uuid() });
const hidden = { hide: true };

/**
 * tus 1.0 core + creation, by hand rather than @tus/server: it runs inside Fastify's lifecycle
 * (bearer auth, maintenance, error envelope) and checks content and records the file itself.
 * PATCH bodies stream to DATA_DIR/tus and are never held in memory.
 */
export const tusRoutes: FastifyPluginAsyncZod = async (app) => {
  const dirs = { tus: join(app.config.dataDir, 'tus'), files: app.config.filesDir };
  await Promise.all([mkdir(dirs.tus, { recursive: true }), mkdir(dirs.files, { recursive: true })]);
  const busy = new Set<string>();

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
    const offset = upload && (await uploads.offsetOf(dirs.tus, upload));
    if (!upload || offset === undefined) throw notFound('This upload does not exist or has expired.');
    return { upload, offset };
  };
  const fileHeaders = (reply: FastifyReply, u: uploads.TusUpload) =>
    u.fileId
      ? reply
          .header('Upload-File-Url', uploads.fileUrlOf(u.fileId, u.fileName))
          .header('Upload-File-Id', u.fileId)
      : reply;

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
    const id = await uploads.createUpload(
      app.db,
      dirs.tus,
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

  app.patch(`${BASE}/:id`, { schema: { ...hidden, params } }, async (req, reply) => {
    if (req.headers['content-type'] !== 'application/offset+octet-stream') {
      throw new ApiError(415, STATUS.unsupportedType, 'Send the bytes as application/offset+octet-stream.');
    }
    const offset = tus.intHeader(req.headers['upload-offset'], 'Upload-Offset');
    const { upload, offset: current } = await own(req, req.params.id);
    if (offset !== current) {
      throw new ApiError(
        409,
        STATUS.conflict,
        `The upload is at byte ${current}; resume from there.`,
        { offset: current },
        { 'upload-offset': String(current) },
      );
    }
    if (upload.fileId)
      return fileHeaders(reply, upload).code(204).header('Upload-Offset', String(current)).send();
    if (busy.has(upload.id))
      throw new ApiError(423, STATUS.conflict, 'This upload is already receiving data; try again shortly.');
    const declared = req.headers['content-length'];
    if (declared && offset + Number(declared) > upload.length)
      throw new ApiError(413, STATUS.tooLarge, 'These bytes go past the declared Upload-Length.');
    busy.add(upload.id);
    try {
      await pipeline(
        req.raw,
        tus.limitBytes(upload.length - offset),
        createWriteStream(uploads.partPath(dirs.tus, upload.id), { flags: 'a' }),
      );
    } catch (err) {
      if (err instanceof tus.OverLengthError)
        throw new ApiError(413, STATUS.tooLarge, 'These bytes go past the declared Upload-Length.');
      req.log.info({ err, upload: upload.id }, 'upload interrupted; the bytes received are kept');
      throw err;
    } finally {
      busy.delete(upload.id);
      await uploads.touchUpload(app.db, upload.id, app.now());
    }
    const reached = (await uploads.offsetOf(dirs.tus, upload)) ?? 0;
    if (reached === upload.length) {
      const file = await uploads.completeUpload(app.db, dirs, upload);
      reply.header('Upload-File-Url', file.url).header('Upload-File-Id', file.id);
    }
    return reply.code(204).header('Upload-Offset', String(reached)).send();
  });
};
