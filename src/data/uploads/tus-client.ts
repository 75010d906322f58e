import { STATUS } from '#contract/envelope.ts';
import { ApiError, unexpectedAnswer } from '@/data/http/http-client';
import { nextDelay } from '@/data/sync/backoff';
import { TUS_ENDPOINT, type TusContext } from '@/data/uploads/tus-http';
import { createUpload, headUpload, patchSlice, type TusStatus } from '@/data/uploads/tus-ops';

/** fetch has no upload progress: a slice is the progress step, the most re-sent after a cut, and the memory bound. */
export const SLICE_BYTES = 2 * 1024 * 1024;

export interface UploadBlobOptions {
  blob: Blob;
  kind: string;
  fileName: string;
  token: string | (() => string | null);
  signal: AbortSignal;
  endpoint?: string;
  /** A previous attempt's upload URL; the server's offset is asked with HEAD, never assumed. */
  resume?: { url?: string; offset?: number };
  onProgress?: (sent: number, total: number) => void;
  /** Called with the upload URL once created and after every acknowledged slice; awaited (persist here). */
  onCheckpoint?: (at: { uploadUrl: string; offset: number }) => unknown;
  fetch?: typeof fetch;
  sliceBytes?: number;
  /** Transient failures in a row before giving up to the caller's own backoff. */
  retries?: number;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface UploadedBlob {
  uploadUrl: string;
  fileUrl: string;
  fileId?: string;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });

/**
 * Uploads one Blob with tus, resumable: bytes go in slices read one at a time (`blob.slice`),
 * every acknowledged slice is checkpointed, and after any failure the server's offset is asked
 * again before continuing, so each byte is accepted once. Window-free (works in a service worker).
 * Throws ApiError: `refused` (413/415/422...) is final, `transient` after `retries` tries, `auth` at once.
 */
export async function uploadBlob(o: UploadBlobOptions): Promise<UploadedBlob> {
  const { blob, signal, endpoint = TUS_ENDPOINT, sliceBytes = SLICE_BYTES, retries = 4 } = o;
  const token = typeof o.token === 'function' ? o.token : () => o.token as string;
  const ctx: TusContext = { fetch: o.fetch ?? globalThis.fetch.bind(globalThis), token, signal };
  const sleep = o.sleep ?? abortableSleep;
  const total = blob.size;
  let url = o.resume?.url;
  let status: TusStatus | undefined; // undefined: ask the server first
  let failures = 0;
  let restarts = 0;
  for (;;) {
    try {
      if (!url) {
        url = await createUpload(ctx, endpoint, total, { fileName: o.fileName, kind: o.kind });
        status = { offset: 0 };
        await o.onCheckpoint?.({ uploadUrl: url, offset: 0 });
      }
      status ??= await headUpload(ctx, url);
      o.onProgress?.(status.offset, total);
      while (!status.fileUrl && status.offset < total) {
        const end = Math.min(status.offset + sliceBytes, total);
        status = await patchSlice(ctx, url, status.offset, blob.slice(status.offset, end));
        failures = 0;
        await o.onCheckpoint?.({ uploadUrl: url, offset: status.offset });
        o.onProgress?.(status.offset, total);
      }
      if (status.fileUrl) return { uploadUrl: url, fileUrl: status.fileUrl, fileId: status.fileId };
      // Complete but no file: the server dropped it (or never said); start over once.
      throw new ApiError(410, STATUS.notFound, 'The server has the bytes but no file');
    } catch (error) {
      if (!(error instanceof ApiError) || signal.aborted) throw error;
      if (error.kind === 'auth' || error.kind === 'refused') throw error;
      if (error.kind === 'gone') {
        if (restarts++ >= 1) throw unexpectedAnswer(error.message);
        url = undefined;
        continue;
      }
      if (failures >= retries) throw error.kind === 'conflict' ? unexpectedAnswer(error.message) : error;
      // A conflict is answered by asking the offset at once; a transient failure waits first.
      if (error.kind === 'transient')
        await sleep(nextDelay(failures, o.random ?? Math.random, error.retryAfterMs), signal);
      failures++;
      status = undefined;
    }
  }
}
