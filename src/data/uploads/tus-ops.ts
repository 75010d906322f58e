import { unexpectedAnswer } from '@/data/http/http-client';
import { base64, numberHeader, resolveLocation, type TusContext, tusRequest } from '@/data/uploads/tus-http';

export interface TusStatus {
  offset: number;
  /** Set once the server has the whole file and accepted it. */
  fileUrl?: string;
  fileId?: string;
}

const finished = (res: Response, offset: number): TusStatus => ({
  offset,
  fileUrl: res.headers.get('Upload-File-Url') ?? undefined,
  fileId: res.headers.get('Upload-File-Id') ?? undefined,
});

/** Not idempotent (each call is a new upload): callers persist the URL before sending bytes. */
export async function createUpload(
  ctx: TusContext,
  endpoint: string,
  length: number,
  meta: { fileName: string; kind: string },
): Promise<string> {
  const res = await tusRequest(ctx, endpoint, {
    method: 'POST',
    headers: {
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${base64(meta.fileName)},kind ${base64(meta.kind)}`,
    },
  });
  const location = res.headers.get('Location');
  if (!location) throw unexpectedAnswer('The server did not say where to upload');
  return resolveLocation(location, endpoint);
}

/** Read-only: where the server is in this upload (the only truth after a cut connection). */
export async function headUpload(ctx: TusContext, url: string): Promise<TusStatus> {
  const res = await tusRequest(ctx, url, { method: 'HEAD' });
  const offset = numberHeader(res, 'Upload-Offset');
  if (offset === undefined) throw unexpectedAnswer('The server did not say how much it has');
  return finished(res, offset);
}

/** Safe to repeat: the server refuses (409) a slice that does not start at its offset. */
export async function patchSlice(
  ctx: TusContext,
  url: string,
  offset: number,
  slice: Blob,
): Promise<TusStatus> {
  const res = await tusRequest(ctx, url, {
    method: 'PATCH',
    headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: slice,
  });
  const next = numberHeader(res, 'Upload-Offset');
  if (next === undefined || next <= offset) throw unexpectedAnswer('The server did not take the bytes');
  return finished(res, next);
}
