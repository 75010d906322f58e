import { type Readable, Transform } from 'node:stream';

export class TooLargeError extends Error {}
/** The stored bytes of a file or an upload are not there (deleted, or another store's). */
export class FileMissingError extends Error {}

/** First and last byte, both included (as HTTP Range counts). */
export type ByteRange = { start: number; end: number };

/** What a store keeps with a resumable upload to continue it later, in any process (JSON). */
export type TusState = Record<string, unknown> | null;

/**
 * Where uploaded files and the parts of resumable uploads live: a local folder (default) or an
 * S3-compatible bucket. Keys are the `files.storage_path` values. Nothing here buffers a whole
 * file: bodies stream, and the S3 store holds at most one multipart part in memory per upload.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores a new file under `key`, visible only once complete. Past `maxBytes` it fails with
   * TooLargeError and keeps nothing. Returns the size.
   */
  write(key: string, body: Readable | Buffer, maxBytes?: number): Promise<number>;
  /** The bytes of `range` (or all); FileMissingError when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
  readonly tus: TusParts;
  close(): Promise<void>;
}

/**
 * The bytes of resumable uploads before they become a file. Every call is made by the holder of
 * the upload's lease (services/tus-lease.ts), so there is one writer per upload at a time.
 */
export interface TusParts {
  /** An empty upload; returns the state to keep with it. */
  create(id: string): Promise<TusState>;
  /** Bytes durably received so far; undefined when the parts are gone. */
  offset(id: string, state: TusState): Promise<number | undefined>;
  /**
   * Appends `source`. `checkpoint` persists the state each time more bytes become durable and
   * throws when the lease is lost (nothing more is written then). When `source` fails (a cut
   * connection) the bytes that arrived are kept, then the failure is rethrown.
   */
  append(
    id: string,
    state: TusState,
    source: Readable,
    o: { length: number; checkpoint: (state: TusState) => Promise<void> },
  ): Promise<{ state: TusState; offset: number }>;
  /** Every byte is there: the parts become one file; returns its key. */
  finish(id: string, state: TusState, fileId: string): Promise<string>;
  discard(id: string, state: TusState): Promise<void>;
}

/** Counts what passes and fails with `tooLarge()` on the first byte past `maxBytes`. */
export function byteLimit(maxBytes: number, tooLarge: () => Error = () => new TooLargeError()) {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(tooLarge());
      done(null, chunk);
    },
  });
  return Object.assign(limit, { bytes: () => bytes });
}

/** Keys are storage paths the server made (uuids); anything else is refused, never resolved. */
export function assertKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}
