import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '#contract/file-signatures.ts';

export class TooLargeError extends Error {}

/** Writes a whole, already checked buffer under `dir/id`. */
export async function storeBuffer(dir: string, id: string, data: Buffer) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, id), data);
  return { size: data.length, path: id };
}

/**
 * Streams an upload to a temporary file, stopping as soon as it passes `maxBytes`
 * (TooLargeError), and keeps the first bytes. `commit` moves it in place; `discard` removes it.
 */
export async function receiveStream(dir: string, id: string, source: Readable, maxBytes: number) {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.upload-${id}`);
  let size = 0;
  let head = Buffer.alloc(0);
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]);
      if (size > maxBytes) return done(new TooLargeError());
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, guard, createWriteStream(tmp, { flags: 'wx' }));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return {
    size,
    head: head.subarray(0, SNIFF_BYTES),
    commit: async () => {
      await rename(tmp, join(dir, id));
      return id;
    },
    discard: () => rm(tmp, { force: true }),
  };
}
