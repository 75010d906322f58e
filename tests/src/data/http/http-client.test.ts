import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import {
  ApiError,
  failureKindOf,
  httpFetch,
  NETWORK_ERROR,
  parseRetryAfter,
  readEnvelope,
} from '@/data/http/http-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

describe('the HTTP client every caller shares', () => {
  it('sends the bearer token read at the call, and keeps the caller’s headers', async () => {
    let token = 'first';
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await httpFetch('/api/x', { headers: { 'Tus-Resumable': '1.0.0' } }, { token: () => token, fetch });
    token = 'renewed';
    await httpFetch('/api/x', {}, { token: () => token, fetch });
    const headers = fetch.mock.calls.map(
      (c) => new Headers((c as unknown as [string, RequestInit])[1].headers),
    );
    expect(headers.map((h) => h.get('Authorization'))).toEqual(['Bearer first', 'Bearer renewed']);
    expect(headers[0]?.get('Tus-Resumable')).toBe('1.0.0');
    expect(headers[0]?.get('Accept')).toBe('application/json');
  });

  it('turns an error envelope into ApiError with its status, message, data and Retry-After', async () => {
    const fetch = vi.fn(async () =>
      json(429, { status: STATUS.rateLimited, message: 'Slow down', data: { n: 1 } }, { 'Retry-After': '7' }),
    );
    const error = await failureOf(httpFetch('/api/x', {}, { fetch }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 429,
      status: STATUS.rateLimited,
      message: 'Slow down',
      data: { n: 1 },
      retryAfterMs: 7000,
      kind: 'transient',
    });
  });

  it('names a missing answer a network error, and rethrows an abort as the abort', async () => {
    const offline = await failureOf(
      httpFetch('/api/x', {}, { fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    );
    expect(offline).toMatchObject({ httpStatus: 0, status: NETWORK_ERROR, kind: 'transient' });
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    const aborted = failureOf(
      httpFetch(
        '/api/x',
        {},
        {
          signal: controller.signal,
          fetch: (_u, init) =>
            new Promise((_r, reject) =>
              init?.signal?.addEventListener('abort', () => reject(new TypeError('x'))),
            ),
        },
      ),
    );
    controller.abort(reason);
    expect(await aborted).toBe(reason);
  });

  it('tells onFailure whether the refused call carried a token, once per failure', async () => {
    const seen: [number, boolean][] = [];
    const onFailure = (e: ApiError, hadToken: boolean) => seen.push([e.httpStatus, hadToken]);
    const fetch = async () => json(401, { status: STATUS.unauthorized, message: 'Sign in', data: null });
    await failureOf(httpFetch('/api/x', {}, { fetch, token: () => 't', onFailure }));
    await failureOf(httpFetch('/api/x', {}, { fetch, token: () => null, onFailure }));
    expect(seen).toEqual([
      [401, true],
      [401, false],
    ]);
  });

  it('reads the data of an ok envelope, and calls anything else an unexpected answer', async () => {
    const schema = z.object({ n: z.number() });
    expect(await readEnvelope(json(200, { status: 0, message: 'OK', data: { n: 2 } }), schema)).toEqual({
      n: 2,
    });
    const wrongShape = await failureOf(
      readEnvelope(json(200, { status: 0, message: 'OK', data: {} }), schema),
    );
    expect(wrongShape).toMatchObject({ httpStatus: 502, status: STATUS.server, kind: 'transient' });
    const html = await failureOf(readEnvelope(new Response('<html>'), schema));
    expect(html).toMatchObject({ httpStatus: 502, message: 'Unexpected answer from the server' });
    const notOk = await failureOf(
      readEnvelope(json(200, { status: STATUS.validation, message: 'No', data: null }), schema),
    );
    expect(notOk).toMatchObject({ httpStatus: 200, status: STATUS.validation, message: 'No' });
  });

  it('classifies every status the way the sync engine and the uploader act on it', () => {
    const table = Object.fromEntries(
      [0, 400, 401, 403, 404, 408, 409, 410, 413, 415, 422, 423, 425, 429, 500, 502, 503].map((s) => [
        s,
        failureKindOf(s),
      ]),
    );
    expect(table).toEqual({
      0: 'transient',
      400: 'refused',
      401: 'auth',
      403: 'refused',
      404: 'gone',
      408: 'transient',
      409: 'conflict',
      410: 'gone',
      413: 'refused',
      415: 'refused',
      422: 'refused',
      423: 'transient',
      425: 'transient',
      429: 'transient',
      500: 'transient',
      502: 'transient',
      503: 'transient',
    });
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
