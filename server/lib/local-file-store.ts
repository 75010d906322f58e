import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type ByteRange,
  byteLimit,
  FileMissingError,
  type FileStore,
  type TusParts,
} from './file-store.ts';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in `filesDir/<key>`, resumable uploads in `tusDir/<id>` (one file each, whose size is the
 * offset: a cut PATCH keeps what reached the disk). One machine, or a folder shared by all.
 */
export async function localFileStore(dirs: { filesDir: string; tusDir: string }): Promise<FileStore> {
  await Promise.all([mkdir(dirs.filesDir, { recursive: true }), mkdir(dirs.tusDir, { recursive: true })]);
  const filePath = (key: string) => join(dirs.filesDir, assertKey(key));
  const partPath = (id: string) => join(dirs.tusDir, assertKey(id));

  const tus: TusParts = {
    async create(id) {
      await writeFile(partPath(id), '', { flag: 'wx' });
      return null;
    },
    async offset(id) {
      return (await stat(partPath(id)).catch(() => null))?.size;
    },
    async append(id, _state, source) {
      const path = partPath(id);
      const start = (await stat(path)).size;
      // Positional writes from the offset the lease holder checked, into a file that must exist
      // (r+): a swept upload is never re-created by a late PATCH.
      await pipeline(source, createWriteStream(path, { flags: 'r+', start }));
      return { state: null, offset: (await stat(path)).size };
    },
    async finish(id, _state, fileId) {
      await rename(partPath(id), filePath(fileId));
      return fileId;
    },
    async discard(id) {
      await rm(partPath(id), { force: true });
    },
  };

  return {
    kind: 'local',
    async write(key, body, maxBytes = Number.POSITIVE_INFINITY) {
      const path = filePath(key);
      const tmp = join(dirs.filesDir, `.upload-${key}`);
      const limit = byteLimit(maxBytes);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          limit,
          createWriteStream(tmp, { flags: 'wx' }),
        );
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return limit.bytes();
    },
    async read(key, range?: ByteRange) {
      const handle = await open(filePath(key), 'r').catch((err) => {
        throw missing(err) ? new FileMissingError(key) : err;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
    tus,
    async close() {},
  };
}
