import { parseRetryAfter } from '@/data/sync/transport';

export const TUS_ENDPOINT = '/api/v1/File/Tus/';
const TUS_VERSION = '1.0.0';

export type TusErrorKind = 'transient' | 'auth' | 'conflict' | 'gone' | 'refused';

/** A tus request failed; `kind` says what the client does next (retry, sign in, re-HEAD, restart, give up). */
export class TusError extends Error {
  readonly httpStatus: number;
  readonly kind: TusErrorKind;
  readonly retryAfterMs?: number;
  constructor(httpStatus: number, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'TusError';
    this.httpStatus = httpStatus;
    this.retryAfterMs = retryAfterMs;
    this.kind = kindOf(httpStatus);
  }
}

function kindOf(status: number): TusErrorKind {
  if (status === 401) return 'auth';
  if (status === 409) return 'conflict';
  if (status === 404 || status === 410) return 'gone';
  if (status === 0 || status === 408 || status === 423 || status === 425 || status === 429 || status >= 500)
    return 'transient';
  return 'refused';
}

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

const messageOf = async (res: Response) => {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message
    ? body.message
    : res.statusText || `HTTP ${res.status}`;
};

/** One tus request; a network failure is a TusError 0, an abort rethrows the abort. */
export async function tusRequest(ctx: TusContext, url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Tus-Resumable', TUS_VERSION);
  const token = ctx.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await ctx.fetch(url, { ...init, headers, signal: ctx.signal, cache: 'no-store' });
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? error;
    throw new TusError(0, 'Network error');
  }
  if (res.ok) return res;
  throw new TusError(res.status, await messageOf(res), parseRetryAfter(res.headers.get('Retry-After')));
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
