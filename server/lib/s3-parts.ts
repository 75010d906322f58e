import type { Readable } from 'node:stream';

/** S3 refuses a multipart part under 5 MiB unless it is the last one. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** The smallest part size that keeps a file of `length` bytes within S3's 10,000 parts. */
export const partSizeFor = (length: number) => Math.max(MIN_PART_BYTES, Math.ceil(length / MAX_PARTS));

/**
 * Bytes on their way to becoming one part: kept as they arrived and joined only when sent, so a
 * store holds at most one part (plus one network chunk) of an upload in memory.
 */
export class PendingBytes {
  private chunks: Buffer[] = [];
  size = 0;

  push(chunk: Buffer) {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  async pushAll(source: Readable) {
    for await (const chunk of source) this.push(chunk as Buffer);
  }

  /** One buffer of everything pending; stays pending until `clear`, so a failed send loses nothing. */
  join() {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.size)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  clear() {
    this.chunks = [];
    this.size = 0;
  }
}
