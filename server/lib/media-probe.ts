import { Readable } from 'node:stream';
import { createFile, type Movie, MP4BoxBuffer, type Track } from 'mp4box';
import { parseStream } from 'music-metadata';
import type { MediaInfo } from '#contract/media.ts';
import type { FileStore } from './file-store.ts';

/**
 * Reads what a media file is from its bytes: an MP4's duration and picture size from its `moov`
 * box (mp4box), an MP3's duration from its frames (music-metadata). Bytes come by range from the
 * file store (a folder or S3), so a 150 MB file is never held in memory: an MP4 costs its box
 * headers and its `moov` (wherever it is: first, or after the media data), an MP3 is streamed.
 */

/** Random access to a file's bytes: ranges of a stored file, or a buffer already in memory. */
export type ByteSource = {
  readonly size: number;
  /** Bytes `start` to `end`, both included. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** Every byte, as a stream. */
  stream(): Promise<Readable>;
};

/** The content is not the media its type claims (no readable `moov`, no MPEG audio frames). */
export class UnreadableMediaError extends Error {
  override name = 'UnreadableMediaError';
}

async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A file of the store under `key`, `size` bytes long (the size its row or upload knows). */
export function storedBytes(store: FileStore, key: string, size: number): ByteSource {
  return {
    size,
    read: async (start, end) => collect(await store.read(key, { start, end })),
    stream: () => store.read(key),
  };
}

export function bytesInMemory(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (start, end) => bytes.subarray(start, end + 1),
    stream: async () => Readable.from([bytes], { objectMode: false }),
  };
}

/** Bytes asked of the store at a time while looking for the `moov` box. */
const MP4_CHUNK = 256 * 1024;
/** Past this much of a file fed to mp4box without finding a `moov`, the file is not readable. */
const MP4_MAX_FED = 32 * 1024 * 1024;

/**
 * The `moov` box of an MP4, wherever it is: mp4box is fed a chunk, answers the position it needs
 * next (past a `mdat` box it skips), and the next chunk is read from there. Resolves at the end
 * of `moov`; UnreadableMediaError when the boxes lead nowhere.
 */
async function readMovie(src: ByteSource): Promise<Movie> {
  const file = createFile();
  let movie: Movie | undefined;
  let failure: string | undefined;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (module, message) => {
    failure = `${module}: ${message}`;
  };
  let position = 0;
  let fed = 0;
  while (!movie && !failure && position < src.size && fed < MP4_MAX_FED) {
    const end = Math.min(position + MP4_CHUNK, src.size) - 1;
    const bytes = await src.read(position, end);
    if (bytes.length === 0) break;
    fed += bytes.length;
    // A copy of exactly these bytes: mp4box keeps the buffer it is given.
    const copy = new Uint8Array(bytes).buffer;
    let next: number;
    try {
      next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, position));
    } catch (err) {
      throw new UnreadableMediaError(`mp4box: ${(err as Error).message}`);
    }
    // A box whose size points backwards (or not at all) is not an MP4's.
    if (!Number.isFinite(next) || next <= position) break;
    position = next;
  }
  if (!movie) {
    try {
      file.flush();
    } catch (err) {
      throw new UnreadableMediaError(`mp4box: ${(err as Error).message}`);
    }
  }
  if (!movie) throw new UnreadableMediaError(failure ?? 'no moov box');
  return movie;
}

/** A track's picture as shown: the matrix of its header turns it a quarter (portrait phones). */
function shownSize(track: Track) {
  const width = Math.max(track.video?.width ?? 0, Math.round(track.track_width));
  const height = Math.max(track.video?.height ?? 0, Math.round(track.track_height));
  const [a, b, , c, d] = Array.from(track.matrix ?? []);
  const quarterTurn = a === 0 && d === 0 && b !== 0 && c !== 0;
  return quarterTurn ? { width: height, height: width } : { width, height };
}

function movieSeconds(movie: Movie) {
  if (movie.duration > 0 && movie.timescale > 0) return movie.duration / movie.timescale;
  const fragmented = movie.fragment_duration;
  if (fragmented && fragmented.num > 0 && fragmented.den > 0) return fragmented.num / fragmented.den;
  const tracks = movie.tracks.filter((t) => t.duration > 0 && t.timescale > 0);
  return Math.max(0, ...tracks.map((t) => t.duration / t.timescale));
}

/**
 * An MP4's duration and, when it has a video track, the picture size of its tallest one (as
 * shown, so a portrait video is as high as it is wide in its frame); null sizes for sound only.
 */
export async function probeMp4(src: ByteSource): Promise<MediaInfo> {
  const movie = await readMovie(src);
  const durationSeconds = movieSeconds(movie);
  if (!(durationSeconds > 0) || !Number.isFinite(durationSeconds))
    throw new UnreadableMediaError('the movie has no duration');
  const pictures = movie.videoTracks.map(shownSize).filter((p) => p.width > 0 && p.height > 0);
  const tallest = pictures.sort((p, q) => q.height - p.height)[0];
  return { durationSeconds, width: tallest?.width ?? null, height: tallest?.height ?? null };
}

/**
 * An MP3's duration: from its Xing/Info header, or from the bitrate and size of a constant-bitrate
 * file; a variable-bitrate file without a header is counted frame by frame as it streams.
 */
export async function probeMp3(src: ByteSource): Promise<MediaInfo> {
  const stream = await src.stream();
  // A failure of the store (a file gone, S3 unreachable) is not the content's fault.
  let sourceFailure: unknown;
  stream.once('error', (err) => {
    sourceFailure ??= err;
  });
  try {
    const { format } = await parseStream(
      stream,
      { mimeType: 'audio/mpeg', size: src.size },
      { duration: true, skipCovers: true, skipPostHeaders: true },
    );
    const layer3 = format.container === 'MPEG' && /Layer 3$/.test(format.codec ?? '');
    const seconds = format.duration ?? 0;
    if (!layer3 || !(seconds > 0) || !Number.isFinite(seconds))
      throw new UnreadableMediaError('no MPEG layer 3 audio with a duration');
    return { durationSeconds: seconds, width: null, height: null };
  } catch (err) {
    if (sourceFailure) throw sourceFailure;
    throw err instanceof UnreadableMediaError ? err : new UnreadableMediaError((err as Error).message);
  } finally {
    // It stops reading once it knows the duration: the rest of the file is not needed.
    stream.destroy();
  }
}

/** What a stored file of `mimeType` is as media; undefined for anything but MP4 and MP3. */
export async function probeMedia(src: ByteSource, mimeType: string): Promise<MediaInfo | undefined> {
  if (mimeType === 'video/mp4') return probeMp4(src);
  if (mimeType === 'audio/mpeg') return probeMp3(src);
  return undefined;
}

/** probeMedia of a file in the store. */
export const probeStoredMedia = (store: FileStore, key: string, size: number, mimeType: string) =>
  probeMedia(storedBytes(store, key, size), mimeType);
