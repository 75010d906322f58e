import type { S3Config } from '../config.ts';
import { assertKey, type FileStore, TooLargeError } from './file-store.ts';
import { type Part, S3Bucket } from './s3-bucket.ts';
import { MIN_PART_BYTES, PendingBytes, partSizeFor } from './s3-parts.ts';
import { s3TusParts } from './s3-tus-parts.ts';

/**
 * Files as objects `files/<key>` of an S3-compatible bucket; resumable uploads as multipart
 * uploads (s3-tus-parts.ts). Every API process sees the same files, so any of them can serve
 * a file or continue an upload.
 */
export async function s3FileStore(config: S3Config): Promise<FileStore> {
  const bucket = new S3Bucket(config);
  try {
    await bucket.check();
  } catch (err) {
    bucket.client.destroy();
    const reason =
      (err as Error).name === 'NotFound' ? 'no such bucket' : (err as Error).message || (err as Error).name;
    throw new Error(`The S3 bucket "${config.bucket}" at ${config.endpoint} cannot be used (${reason}).`);
  }
  const objectKey = (key: string) => `files/${assertKey(key)}`;

  return {
    kind: 's3',
    async write(key, body, maxBytes = Number.POSITIVE_INFINITY) {
      const target = objectKey(key);
      if (Buffer.isBuffer(body)) {
        if (body.length > maxBytes) throw new TooLargeError();
        await bucket.put(target, body);
        return body.length;
      }
      // Unknown length: one PUT when it fits in a part, else a multipart upload part by part.
      const partSize = Number.isFinite(maxBytes) ? partSizeFor(maxBytes) : MIN_PART_BYTES;
      const pending = new PendingBytes();
      const parts: Part[] = [];
      let uploadId: string | undefined;
      let size = 0;
      try {
        for await (const chunk of body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) throw new TooLargeError();
          pending.push(chunk as Buffer);
          if (pending.size < partSize) continue;
          uploadId ??= await bucket.startMultipart(target);
          parts.push(await bucket.uploadPart(target, uploadId, parts.length + 1, pending.join()));
          pending.clear();
        }
        if (!uploadId) {
          await bucket.put(target, pending.join());
          return size;
        }
        if (pending.size > 0)
          parts.push(await bucket.uploadPart(target, uploadId, parts.length + 1, pending.join()));
        await bucket.completeMultipart(target, uploadId, parts);
        return size;
      } catch (err) {
        if (uploadId) await bucket.abortMultipart(target, uploadId).catch(() => {});
        throw err;
      }
    },
    read: (key, range) => bucket.get(objectKey(key), range),
    remove: (key) => bucket.delete(objectKey(key)),
    tus: s3TusParts(bucket, objectKey),
    async close() {
      bucket.client.destroy();
    },
  };
}
