import { Transform } from 'node:stream';
import { STATUS } from '#contract/envelope.ts';
import { FILE_KINDS, type FileKind, fileKindSchema } from '#contract/files.ts';
import { ApiError } from '../lib/api-error.ts';

export const TUS_VERSION = '1.0.0';
export const TUS_MAX_SIZE = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));
export const TUS_EXPOSED = [
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Location',
  'Upload-File-Url',
  'Upload-File-Id',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
].join(', ');

export const badRequest = (message: string) => new ApiError(400, STATUS.validation, message);

/** A non-negative integer header, or a 400 naming it. */
export function intHeader(value: string | string[] | undefined, name: string) {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || !/^\d{1,15}$/.test(v.trim()))
    throw badRequest(`Send the ${name} header as a whole number of bytes.`);
  return Number(v);
}

/** `Upload-Metadata: key base64,key2 base64` (values may be absent). */
export function parseMetadata(header: string | undefined) {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export function parseKind(value: string | undefined): FileKind {
  const parsed = fileKindSchema.safeParse(value ?? 'file');
  if (parsed.success) return parsed.data;
  const kinds = Object.keys(FILE_KINDS).join(', ');
  throw new ApiError(422, STATUS.validation, `Unknown upload kind "${value}": use one of ${kinds}.`, {
    fields: [{ path: 'Upload-Metadata.kind', message: `Use one of ${kinds}` }],
  });
}

export class OverLengthError extends Error {}

/**
 * Passes at most `room` bytes, failing on the first byte past the declared Upload-Length;
 * `onBytes` hears of every chunk (the PATCH's stall watch).
 */
export function limitBytes(room: number, onBytes: () => void = () => {}) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      onBytes();
      if (seen > room) return done(new OverLengthError());
      done(null, chunk);
    },
  });
}

export const tooFar = () =>
  new ApiError(413, STATUS.tooLarge, 'These bytes go past the declared Upload-Length.');
export const busy = () =>
  new ApiError(423, STATUS.conflict, 'This upload is already receiving data; try again shortly.');
export const wrongOffset = (current: number) =>
  new ApiError(
    409,
    STATUS.conflict,
    `The upload is at byte ${current}; resume from there.`,
    { offset: current },
    { 'upload-offset': String(current) },
  );
