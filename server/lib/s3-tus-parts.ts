import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { assertKey, FileMissingError, type TusParts, type TusState } from './file-store.ts';
import type { S3Bucket } from './s3-bucket.ts';
import { PendingBytes, partSizeFor } from './s3-parts.ts';

/**
 * One S3 multipart upload per tus upload, at the final file's key. A PATCH's bytes go out as
 * parts of at least 5 MiB; what is left at its end (the client sends 2 MiB at a time) is kept as
 * a "tail" object and sent again, in front of the next PATCH's bytes, as part of a later part
 * (what @tus/s3-store calls the incomplete part). The state lives with the upload's row.
 */
const stateSchema = z.object({
  uploadId: z.string(),
  parts: z.array(z.object({ n: z.number().int(), etag: z.string(), size: z.number().int() })),
  /** A fresh key each time, so a writer that lost its lease can never change a tail in use. */
  tail: z.object({ key: z.string(), size: z.number().int() }).nullable(),
});
type S3TusState = z.infer<typeof stateSchema>;

const parse = (state: TusState) => {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
};
const partBytes = (s: S3TusState) => s.parts.reduce((sum, p) => sum + p.size, 0);
const offsetOf = (s: S3TusState) => partBytes(s) + (s.tail?.size ?? 0);
const nextPart = (s: S3TusState) => (s.parts.at(-1)?.n ?? 0) + 1;

/** The source's chunks until it ends or fails; a failure is handed to `onFailure`, not thrown. */
async function* untilFailure(source: Readable, onFailure: (err: unknown) => void) {
  try {
    for await (const chunk of source) yield chunk as Buffer;
  } catch (err) {
    onFailure(err);
  }
}

export function s3TusParts(bucket: S3Bucket, objectKey: (key: string) => string): TusParts {
  const tailKey = (id: string) => `tus/${assertKey(id)}/${randomBytes(8).toString('hex')}.tail`;
  const readTail = async (s: S3TusState, into: PendingBytes) => {
    if (!s.tail) return;
    await into.pushAll(await bucket.get(s.tail.key));
    if (into.size !== s.tail.size)
      throw new Error(`The tail ${s.tail.key} has ${into.size} bytes, not ${s.tail.size}.`);
  };

  return {
    async create(id) {
      return { uploadId: await bucket.startMultipart(objectKey(id)), parts: [], tail: null };
    },

    async offset(_id, state) {
      const s = parse(state);
      return s && offsetOf(s);
    },

    async append(id, state, source, { length, checkpoint }) {
      let s = parse(state);
      if (!s) throw new FileMissingError(id);
      const key = objectKey(id);
      const partSize = partSizeFor(length);
      const pending = new PendingBytes();
      await readTail(s, pending);

      const commit = async (next: S3TusState) => {
        await checkpoint(next);
        const old = s?.tail;
        s = next;
        if (old && old.key !== next.tail?.key) await bucket.delete(old.key).catch(() => {});
      };
      const sendPart = async (current: S3TusState) => {
        const part = await bucket.uploadPart(key, current.uploadId, nextPart(current), pending.join());
        pending.clear();
        await commit({ ...current, parts: [...current.parts, part], tail: null });
      };

      let failure: unknown;
      for await (const chunk of untilFailure(source, (err) => (failure = err))) {
        pending.push(chunk);
        if (pending.size >= partSize) await sendPart(s);
      }
      // The source ended or was cut: what arrived is kept, as the last part or as the tail.
      try {
        if (partBytes(s) + pending.size === length) {
          if (pending.size > 0) await sendPart(s);
        } else if (pending.size > (s.tail?.size ?? 0)) {
          const tail = { key: tailKey(id), size: pending.size };
          await bucket.put(tail.key, pending.join());
          await commit({ ...s, tail });
        }
      } catch (err) {
        if (!failure) throw err;
      }
      if (failure) throw failure;
      return { state: s, offset: offsetOf(s) };
    },

    async finish(id, state) {
      let s = parse(state);
      if (!s) throw new FileMissingError(id);
      const key = objectKey(id);
      const tail = s.tail;
      if (tail) {
        const pending = new PendingBytes();
        await readTail(s, pending);
        const part = await bucket.uploadPart(key, s.uploadId, nextPart(s), pending.join());
        s = { ...s, parts: [...s.parts, part], tail: null };
      }
      try {
        await bucket.completeMultipart(key, s.uploadId, s.parts);
      } catch (err) {
        // A repeated completion (the first one's answer was lost): the whole object is there.
        if ((await bucket.size(key).catch(() => undefined)) !== offsetOf(s)) throw err;
      }
      if (tail) await bucket.delete(tail.key).catch(() => {});
      return id;
    },

    async discard(id, state) {
      const s = parse(state);
      if (!s) return;
      if (s.tail) await bucket.delete(s.tail.key);
      await bucket.abortMultipart(objectKey(id), s.uploadId);
    },
  };
}
