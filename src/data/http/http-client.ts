import type { z } from 'zod';
import { asEnvelope, STATUS } from '#contract/envelope.ts';

/**
 * The one way the console (tabs and service worker) talks HTTP to the API: plain calls (api.ts),
 * the sync transport and the tus client all go through `httpFetch` and fail with `ApiError`.
 * Nothing here touches window or document: the service worker imports it too.
 */

/** `status` of an ApiError when no answer came at all (offline, DNS, connection reset). */
export const NETWORK_ERROR = -1;

/**
 * What a caller does next: `transient` retry later (network, 408, 423, 425, 429, 5xx), `auth`
 * sign in again (401), `conflict` ask the server where things stand (409), `gone` start over
 * (404, 410), `refused` give up and tell the admin (any other 4xx).
 */
export type FailureKind = 'transient' | 'auth' | 'conflict' | 'gone' | 'refused';

export function failureKindOf(httpStatus: number): FailureKind {
  if (httpStatus === 401) return 'auth';
  if (httpStatus === 409) return 'conflict';
  if (httpStatus === 404 || httpStatus === 410) return 'gone';
  if ([0, 408, 423, 425, 429].includes(httpStatus) || httpStatus >= 500) return 'transient';
  return 'refused';
}

/** A failed call: the HTTP code (0: no answer), the envelope's stable status, message and data. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly status: number;
  readonly data: unknown;
  /** The server's Retry-After, in milliseconds. */
  readonly retryAfterMs?: number;
  readonly kind: FailureKind;
  constructor(
    httpStatus: number,
    status: number,
    message: string,
    data: unknown = null,
    retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.data = data;
    this.retryAfterMs = retryAfterMs;
    this.kind = failureKindOf(httpStatus);
  }
}

/** An answer the client cannot use (no envelope, missing header): transient, like a bad gateway. */
export const unexpectedAnswer = (message = 'Unexpected answer from the server', retryAfterMs?: number) =>
  new ApiError(502, STATUS.server, message, null, retryAfterMs);

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type HttpOptions = {
  /** Read at each request, so a token renewed meanwhile is the one sent. */
  token?: () => string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Called with every refusal before it is thrown (api.ts signs out on a 401 or maintenance). */
  onFailure?: (error: ApiError, hadToken: boolean) => void;
};

async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One request with the bearer token. Resolves with a 2xx response (its body unread); throws
 * ApiError for any other answer (message, status and data from the error envelope, Retry-After)
 * or for no answer at all; rethrows the abort when `signal` was aborted.
 */
export async function httpFetch(
  url: string,
  init: RequestInit,
  options: HttpOptions = {},
): Promise<Response> {
  const { signal, onFailure } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = options.token?.() ?? null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await (options.fetch ?? globalThis.fetch)(url, { ...init, headers, signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    const offline = new ApiError(0, NETWORK_ERROR, 'Network error');
    onFailure?.(offline, !!token);
    throw offline;
  }
  if (res.ok) return res;
  const body = asEnvelope(await jsonOf(res));
  const error = new ApiError(
    res.status,
    body ? body.status : STATUS.server,
    body ? body.message : res.statusText || `HTTP ${res.status}`,
    body ? body.data : null,
    parseRetryAfter(res.headers.get('Retry-After')),
  );
  onFailure?.(error, !!token);
  throw error;
}

/** The `data` of a 2xx answer's envelope, unchecked; an unreadable or non-ok envelope throws. */
export async function readData(res: Response): Promise<unknown> {
  const body = asEnvelope(await jsonOf(res));
  const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'));
  if (!body) throw unexpectedAnswer(undefined, retryAfterMs);
  if (body.status !== STATUS.ok)
    throw new ApiError(res.status, body.status, body.message, body.data, retryAfterMs);
  return body.data;
}

/** The `data` of a 2xx answer's envelope, checked by `schema`; an unreadable or non-ok one throws. */
export async function readEnvelope<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'));
  const data = schema.safeParse(await readData(res));
  if (!data.success) throw unexpectedAnswer(undefined, retryAfterMs);
  return data.data as z.infer<S>;
}
