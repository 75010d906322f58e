import { and, eq } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import { FILE_KINDS, type FileKind, type FileRule, isPictureKind } from '#contract/files.ts';
import {
  type MediaInfo,
  NOT_A_READABLE_PICTURE,
  NOT_AN_MP3_SOUND,
  NOT_AN_MP4_VIDEO,
  PICTURE_NOT_CROPPED,
  VIDEO_TOO_HIGH,
} from '#contract/media.ts';
import { files } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { type ByteSource, bytesInMemory, probeMedia, UnreadableMediaError } from '../lib/media-probe.ts';
import { pictureIsReadable } from '../lib/picture-check.ts';
import { pictureSize } from '../lib/picture-size.ts';
import type { Tx } from '../resources/repository-types.ts';

/** The sentence refusing content that is not the kind's media; undefined for other kinds. */
export const notMediaMessage = (kind: FileKind) =>
  kind === 'video' ? NOT_AN_MP4_VIDEO : kind === 'audio' ? NOT_AN_MP3_SOUND : undefined;

/**
 * Reads an MP4 or MP3 about to be kept (by `mimeType`, as its first bytes proved it) and applies
 * its kind's media rules: a picture kind's file must be a whole picture (415, lib/picture-check.ts),
 * a video must have a picture under FILE_KINDS.video.heightBelow lines
 * (422), a video or sound whose content cannot be read as one is refused (415). A general
 * `file` that cannot be read is kept without media details. Undefined for other types.
 */
export async function checkMedia(
  src: ByteSource,
  kind: FileKind,
  mimeType: string,
): Promise<MediaInfo | undefined> {
  if (isPictureKind(kind)) {
    const bytes = await src.read(0, src.size - 1);
    if (!(await pictureIsReadable(bytes, mimeType)))
      throw new ApiError(415, STATUS.unsupportedType, NOT_A_READABLE_PICTURE, { detected: mimeType });
    // The crop check below reads these bytes, not the store a second time.
    src = bytesInMemory(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  const crop = (FILE_KINDS[kind] as FileRule).crop;
  if (crop) {
    // Covers are cropped on the device; anything else sent as one is refused, not stretched.
    const size = await pictureSize(src);
    if (size?.width !== crop.width || size.height !== crop.height)
      throw new ApiError(422, STATUS.validation, PICTURE_NOT_CROPPED, { ...size, expected: crop });
    return undefined;
  }
  let info: MediaInfo | undefined;
  const refusal = notMediaMessage(kind);
  try {
    info = await probeMedia(src, mimeType);
  } catch (err) {
    if (!(err instanceof UnreadableMediaError)) throw err;
    if (refusal) throw new ApiError(415, STATUS.unsupportedType, refusal, { detected: mimeType });
    return undefined;
  }
  if (!info) return undefined;
  const below = (FILE_KINDS[kind] as FileRule).heightBelow;
  if (kind === 'video' && info.height === null) {
    // An MP4 with sound only: not a video.
    throw new ApiError(415, STATUS.unsupportedType, NOT_AN_MP4_VIDEO, { detected: mimeType });
  }
  if (below !== undefined && info.height !== null && info.height >= below) {
    throw new ApiError(422, STATUS.validation, VIDEO_TOO_HIGH, {
      width: info.width,
      height: info.height,
      heightBelow: below,
    });
  }
  return info;
}

export type FileMedia = {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  size: number;
  mimeType: string;
};

/** `/files/<id>/<name>`, with or without an origin, a query (a signed URL) or a fragment. */
const FILE_URL = /^(?:https?:\/\/[^/]+)?\/files\/([0-9a-f-]{36})(?:\/[^?#]*)?(?:[?#].*)?$/i;

/**
 * What the server read from an uploaded file at its upload: its duration (MP4, MP3), picture
 * size (MP4 video), size and type. Undefined when `fileUrl` is not a file of `companyId`.
 * A video's minutes come from here, not from what the admin types.
 */
export async function mediaOfFile(
  tx: Pick<Tx, 'select'>,
  companyId: string,
  fileUrl: string,
): Promise<FileMedia | undefined> {
  const id = FILE_URL.exec(fileUrl.trim())?.[1]?.toLowerCase();
  if (!id) return undefined;
  const [row] = await tx
    .select({
      durationSeconds: files.durationSeconds,
      width: files.width,
      height: files.height,
      size: files.size,
      mimeType: files.mimeType,
    })
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, companyId)))
    .limit(1);
  return row;
}

/**
 * The refusal a stored file earns as `kind`'s media, or undefined when it fits: for a record
 * field of kind video or audio that names a file uploaded under another kind (a `file` upload
 * keeps an MP4 of any height). Video: a picture under the height limit; sound: a duration read.
 */
export function mediaRefusalFor(kind: FileKind, file: FileMedia): string | undefined {
  if (kind === 'video') {
    if (file.mimeType !== 'video/mp4' || file.height === null || file.durationSeconds === null)
      return NOT_AN_MP4_VIDEO;
    const below = (FILE_KINDS.video as FileRule).heightBelow;
    if (below !== undefined && file.height >= below) return VIDEO_TOO_HIGH;
  }
  if (kind === 'audio' && (file.mimeType !== 'audio/mpeg' || file.durationSeconds === null))
    return NOT_AN_MP3_SOUND;
  return undefined;
}
