import type { z } from 'zod';
import { envelope, errorEnvelope, STATUS } from '#contract/envelope.ts';
import { clearSession, getToken } from '@/data/session/session-store';

/** A failed call: the HTTP code, the envelope's stable status and message, and its data. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly status: number;
  readonly data: unknown;
  constructor(httpStatus: number, status: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.data = data;
  }
}

export const NETWORK_ERROR = -1;
export type AuthFailure = { kind: 'unauthorized' } | { kind: 'maintenance'; message: string };
type AuthFailureListener = (failure: AuthFailure) => void;
const authListeners = new Set<AuthFailureListener>();

/** The app signs out and lands on /login when a call finds the session gone or the system down. */
export function onAuthFailure(listener: AuthFailureListener) {
  authListeners.add(listener);
  return () => {
    authListeners.delete(listener);
  };
}

type Options<S extends z.ZodType> = {
  schema: S;
  body?: unknown;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
};

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  { schema, body, query, signal }: Options<S>,
): Promise<z.infer<S>> {
  const token = getToken();
  const qs = query
    ? `?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))}`
    : '';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`/api${path}${qs}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, NETWORK_ERROR, 'Network error', null);
  }

  const json = await parseBody(res);
  if (res.ok) {
    const parsed = envelope(schema).safeParse(json);
    if (parsed.success && parsed.data.status === STATUS.ok)
      return (parsed.data as { data: unknown }).data as z.infer<S>;
    if (!parsed.success) throw new ApiError(res.status, STATUS.server, 'Unexpected answer from the server');
  }
  const err = errorEnvelope.safeParse(json);
  const status = err.success ? err.data.status : STATUS.server;
  const message = err.success ? err.data.message : res.statusText;
  const data = err.success ? err.data.data : null;

  // A 401 on a call that carried a token means the session is gone; on Login it means bad credentials.
  if (res.status === 401 && token) {
    clearSession();
    for (const l of authListeners) l({ kind: 'unauthorized' });
  } else if (res.status === 503 && status === STATUS.maintenance) {
    const text = (data as { message?: unknown } | null)?.message;
    clearSession();
    for (const l of authListeners)
      l({ kind: 'maintenance', message: typeof text === 'string' ? text : message });
  }
  throw new ApiError(res.status, status, message, data);
}

export const apiGet = <S extends z.ZodType>(path: string, options: Options<S>) =>
  apiRequest('GET', path, options);
export const apiPost = <S extends z.ZodType>(path: string, options: Options<S>) =>
  apiRequest('POST', path, options);
