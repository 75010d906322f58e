import type { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { type ApiError, httpFetch, readEnvelope } from '@/data/http/http-client';
import { clearSession, getToken } from '@/data/session/session-store';

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

/** A 401 on a call that carried a token means the session is gone; on Login it means bad credentials. */
function signOutOn(error: ApiError, hadToken: boolean) {
  if (error.httpStatus === 401 && hadToken) {
    clearSession();
    for (const l of authListeners) l({ kind: 'unauthorized' });
  } else if (error.httpStatus === 503 && error.status === STATUS.maintenance) {
    const text = (error.data as { message?: unknown } | null)?.message;
    clearSession();
    for (const l of authListeners)
      l({ kind: 'maintenance', message: typeof text === 'string' ? text : error.message });
  }
}

/** A call of the API's own routes (`/api` + path); its data checked by `schema`. Throws ApiError. */
export async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  { schema, body, query, signal }: Options<S>,
): Promise<z.infer<S>> {
  const qs = query
    ? `?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))}`
    : '';
  const isForm = body instanceof FormData;
  const res = await httpFetch(
    `/api${path}${qs}`,
    {
      method,
      headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    },
    { token: getToken, signal, onFailure: signOutOn },
  );
  return readEnvelope(res, schema);
}

export const apiGet = <S extends z.ZodType>(path: string, options: Options<S>) =>
  apiRequest('GET', path, options);
export const apiPost = <S extends z.ZodType>(path: string, options: Options<S>) =>
  apiRequest('POST', path, options);
