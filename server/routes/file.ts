import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import {
  FILE_KINDS,
  type FileKind,
  fileKindSchema,
  uploadBase64Request,
  uploadedFile,
} from '#contract/files.ts';
import type { MediaInfo } from '#contract/media.ts';
import { ApiError } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { TooLargeError } from '../lib/file-store.ts';
import { bytesInMemory, storedBytes } from '../lib/media-probe.ts';
import { requireAuth } from '../plugins/auth.ts';
import { checkMedia } from '../services/media-files.ts';
import { checkContentType, checkFileName, newFileId, recordFile, tooLarge } from '../services/uploads.ts';

const LARGEST = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function invalid(path: string, message: string) {
  return new ApiError(422, STATUS.validation, `Please correct the request: ${path}: ${message}.`, {
    fields: [{ path, message }],
  });
}

function parseKind(value: unknown): FileKind {
  const parsed = fileKindSchema.safeParse(value);
  if (!parsed.success) throw invalid('kind', `Use one of ${Object.keys(FILE_KINDS).join(', ')}`);
  return parsed.data;
}

/** The stream as it is, keeping its first SNIFF_BYTES in `head` for the content check. */
function keepingHead(source: AsyncIterable<Buffer>, head: { bytes: Buffer }) {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        if (head.bytes.length < SNIFF_BYTES)
          head.bytes = Buffer.concat([head.bytes, chunk.subarray(0, SNIFF_BYTES - head.bytes.length)]);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { default: multipart } = await import('@fastify/multipart');
  await app.register(multipart, {
    limits: { fileSize: LARGEST, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/v1/File/UploadFileStringBase',
    {
      bodyLimit: Math.ceil((FILE_KINDS.image.maxBytes * 4) / 3) + 64 * 1024,
      schema: { tags: ['File'], body: uploadBase64Request, response: responses(uploadedFile) },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { fileName, kind } = req.body;
      // Accepts a bare base64 string or a data URL (canvas.toDataURL), whose own type is ignored.
      const payload = req.body.base64.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
      if (!BASE64.test(payload)) throw invalid('base64', 'Not valid base64 data');
      const data = Buffer.from(payload, 'base64'); // Node's decoder also reads the URL-safe alphabet
      if (data.length > FILE_KINDS[kind].maxBytes) throw tooLarge(kind);
      const mimeType = checkContentType(kind, data.subarray(0, SNIFF_BYTES), fileName);
      // Read before anything is stored: a refused video or sound leaves nothing behind.
      const media = await checkMedia(bytesInMemory(data), kind, mimeType);
      const id = newFileId();
      const size = await app.fileStore.write(id, data);
      const file = { id, companyId: auth.companyId, ownerId: auth.userId, kind, fileName, mimeType };
      return ok(await recordFile(app.db, { ...file, size, storagePath: id }, media));
    },
  );

  app.post(
    '/v1/File/UploadFile',
    {
      schema: {
        tags: ['File'],
        description:
          'multipart/form-data with the file in field `file`. The kind (image, cover, banner, video, audio, ' +
          'file; default file) comes from a `kind` field sent BEFORE the file, or from `?kind=`.',
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: fileKindSchema.optional() }),
        response: responses(uploadedFile),
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (!req.isMultipart())
        throw new ApiError(415, STATUS.unsupportedType, 'Send the file as multipart/form-data.');
      let kind: FileKind = req.query.kind ?? 'file';
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'kind') kind = parseKind(part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        checkFileName(kind, part.filename);
        const id = newFileId();
        const head = { bytes: Buffer.alloc(0) };
        let size: number;
        try {
          size = await app.fileStore.write(id, keepingHead(part.file, head), FILE_KINDS[kind].maxBytes);
        } catch (err) {
          if (err instanceof TooLargeError || part.file.truncated) throw tooLarge(kind);
          throw err;
        }
        let mimeType: string;
        let media: MediaInfo | undefined;
        try {
          mimeType = checkContentType(kind, head.bytes, part.filename);
          media = await checkMedia(storedBytes(app.fileStore, id, size), kind, mimeType);
        } catch (err) {
          await app.fileStore.remove(id);
          throw err;
        }
        const file = {
          id,
          companyId: auth.companyId,
          ownerId: auth.userId,
          kind,
          fileName: part.filename,
          mimeType,
        };
        return ok(await recordFile(app.db, { ...file, size, storagePath: id }, media));
      }
      throw invalid('file', 'Attach the file in the form field "file"');
    },
  );
};
