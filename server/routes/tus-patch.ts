import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS } from '#contract/envelope.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { requireAuth } from '../plugins/auth.ts';
import { LeaseLostError, RENEW_MS, releaseLease, renewLease, takeLease } from '../services/tus-lease.ts';
import * as uploads from '../services/tus-uploads.ts';
import * as tus from './tus-protocol.ts';

/** A PATCH whose client sends nothing for this long is cut, so its lease does not outlive it. */
const STALL_MS = 60_000;
const gone = () => notFound('This upload does not exist or has expired.');

export const fileHeaders = (reply: FastifyReply, u: uploads.TusUpload) =>
  u.fileId
    ? reply
        .header('Upload-File-Url', uploads.fileUrlOf(u.fileId, u.fileName))
        .header('Upload-File-Id', u.fileId)
    : reply;

/**
 * PATCH: the bytes at `Upload-Offset`, streamed to the file store under the upload's lease.
 * Another PATCH of the same upload, in this process or another, gets 423 (the client retries
 * after asking the offset again) and never interleaves its bytes.
 */
export async function patchUpload(
  app: FastifyInstance,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  if (req.headers['content-type'] !== 'application/offset+octet-stream') {
    throw new ApiError(415, STATUS.unsupportedType, 'Send the bytes as application/offset+octet-stream.');
  }
  const offset = tus.intHeader(req.headers['upload-offset'], 'Upload-Offset');
  const { companyId, userId } = requireAuth(req);
  const mine = await uploads.findOwnUpload(app.db, req.params.id, { companyId, userId });
  if (!mine) throw gone();
  const finished = (u: uploads.TusUpload) => {
    if (offset !== u.length) throw tus.wrongOffset(u.length);
    return fileHeaders(reply, u).code(204).header('Upload-Offset', String(u.length)).send();
  };
  if (mine.fileId) return finished(mine);
  const declared = req.headers['content-length'];
  if (declared && offset + Number(declared) > mine.length) throw tus.tooFar();

  const owner = randomUUID();
  const upload = await takeLease(app.db, mine.id, owner, app.now());
  if (!upload) throw tus.busy();
  // The answer is sent only once the lease is released: a client that PATCHes again as soon as
  // it reads the answer must find the upload free (else it gets a needless 423).
  let answer: () => FastifyReply;
  try {
    answer = await leased(app, req, reply, upload, owner, offset, finished);
  } finally {
    await releaseLease(app.db, upload.id, owner, app.now()).catch((err) =>
      req.log.warn({ err, upload: upload.id }, 'upload lease not released; it expires by itself'),
    );
  }
  return answer();
}

/** The PATCH's work under the lease; what to answer once the lease is released. */
async function leased(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  upload: uploads.TusUpload,
  owner: string,
  offset: number,
  finished: (u: uploads.TusUpload) => FastifyReply,
): Promise<() => FastifyReply> {
  if (upload.fileId) {
    if (offset !== upload.length) throw tus.wrongOffset(upload.length);
    return () => finished(upload);
  }
  const current = await uploads.offsetOf(app.fileStore.tus, upload);
  if (current === undefined) throw gone();
  if (offset !== current) throw tus.wrongOffset(current);
  const received = await receive(app, req, upload, owner, offset);
  const file =
    received.offset === upload.length
      ? await uploads.completeUpload(app.db, app.fileStore, { ...upload, storeState: received.state })
      : undefined;
  return () => {
    if (file) reply.header('Upload-File-Url', file.url).header('Upload-File-Id', file.id);
    return reply.code(204).header('Upload-Offset', String(received.offset)).send();
  };
}

/** Streams the body to the store, renewing the lease meanwhile; a cut keeps what arrived. */
async function receive(
  app: FastifyInstance,
  req: FastifyRequest,
  upload: uploads.TusUpload,
  owner: string,
  offset: number,
) {
  let lastBytes = Date.now();
  const body = pipeline(
    req.raw,
    tus.limitBytes(upload.length - offset, () => {
      lastBytes = Date.now();
    }),
    () => {},
  );
  const watch = setInterval(() => {
    // Bytes waiting in `body` mean the store is the slow side, not the client.
    if (Date.now() - lastBytes > STALL_MS && body.readableLength === 0) {
      body.destroy(new Error(`no bytes for ${STALL_MS / 1000} s`));
    }
    renewLease(app.db, upload.id, owner, app.now()).catch((err) => body.destroy(err));
  }, RENEW_MS);
  try {
    return await app.fileStore.tus.append(upload.id, upload.storeState, body, {
      length: upload.length,
      checkpoint: (state) => renewLease(app.db, upload.id, owner, app.now(), state),
    });
  } catch (err) {
    if (err instanceof tus.OverLengthError) throw tus.tooFar();
    if (err instanceof LeaseLostError) throw tus.busy();
    req.log.info({ err, upload: upload.id }, 'upload interrupted; the bytes received are kept');
    throw err;
  } finally {
    clearInterval(watch);
  }
}
