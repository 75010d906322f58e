import { httpFetch } from '@/data/http/http-client';

export const TUS_ENDPOINT = '/api/v1/File/Tus/';
const TUS_VERSION = '1.0.0';

export interface TusContext {
  fetch: typeof fetch;
  token: () => string | null;
  signal: AbortSignal;
}

/** Base64 of the UTF-8 bytes, as tus metadata wants (file names keep Thai and other scripts). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * One tus request through the shared HTTP client: a failure is an ApiError whose `kind` says what
 * the uploader does next (retry, sign in, re-HEAD, restart, give up); an abort rethrows the abort.
 */
export function tusRequest(ctx: TusContext, url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Tus-Resumable', TUS_VERSION);
  return httpFetch(
    url,
    { ...init, headers, cache: 'no-store' },
    { token: ctx.token, fetch: ctx.fetch, signal: ctx.signal },
  );
}

/** The Location of a created upload: absolute, or a path of the API's origin. */
export function resolveLocation(location: string, endpoint: string): string {
  if (/^https?:\/\//.test(location) || location.startsWith('/')) return location;
  return endpoint.replace(/\/?$/, '/') + location;
}

export const numberHeader = (res: Response, name: string): number | undefined => {
  const raw = res.headers.get(name);
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;
};
