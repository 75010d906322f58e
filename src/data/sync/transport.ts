import type { z } from 'zod';
import { errorEnvelope, STATUS } from '#contract/envelope.ts';
import { type Mutation, type mutationResult, pullResponse, pushResponse } from '#contract/sync.ts';

export type MutationResult = z.infer<typeof mutationResult>;
export type PullResponse = z.infer<typeof pullResponse>;

/** A whole request failed: httpStatus 0 is a network error (no answer at all). */
export class TransportError extends Error {
  readonly httpStatus: number;
  readonly retryAfterMs?: number;
  constructor(httpStatus: number, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'TransportError';
    this.httpStatus = httpStatus;
    this.retryAfterMs = retryAfterMs;
  }
}

/** What the sync engine talks to; `httpTransport` in the app, a fake server in tests. */
export interface Transport {
  push(mutations: Mutation[], signal: AbortSignal): Promise<{ results: MutationResult[] }>;
  pull(cursors: Record<string, string>, limit: number, signal: AbortSignal): Promise<PullResponse>;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface HttpTransportOptions {
  getToken: () => string | null;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function httpTransport({
  getToken,
  fetch = globalThis.fetch,
  baseUrl = '/api/v6/Sync',
}: HttpTransportOptions) {
  async function call<S extends z.ZodType>(action: string, body: unknown, schema: S, signal: AbortSignal) {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/${action}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
        cache: 'no-store',
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new TransportError(0, 'Network error');
    }
    const json: unknown = await res.json().catch(() => null);
    const retryAfter = parseRetryAfter(res.headers.get('Retry-After'));
    const env = errorEnvelope.safeParse(json);
    if (!res.ok || !env.success || env.data.status !== STATUS.ok) {
      const status = res.ok ? 502 : res.status;
      throw new TransportError(status, env.success ? env.data.message : res.statusText, retryAfter);
    }
    const data = schema.safeParse(env.data.data);
    // An answer we cannot read is treated like a bad gateway: transient, retried with backoff.
    if (!data.success) throw new TransportError(502, 'Unexpected answer from the server', retryAfter);
    return data.data as z.infer<S>;
  }
  const transport: Transport = {
    push: (mutations, signal) => call('Push', { mutations }, pushResponse, signal),
    pull: (cursors, limit, signal) => call('Pull', { cursors, limit }, pullResponse, signal),
  };
  return transport;
}
