import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/data/http/http-client';
import { httpTransport } from '@/data/sync/transport';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const signal = new AbortController().signal;
const mutation = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  resource: 'Faq',
  op: 'delete' as const,
  payload: {},
};

describe('httpTransport', () => {
  it('posts to /api/v6/Sync/Push with the bearer token and reads the envelope', async () => {
    const results = [{ id: mutation.id, httpStatus: 200, status: 0, message: 'OK', data: null }];
    const fetch = vi.fn(async () => answer(200, { status: 0, message: 'OK', data: { results } }));
    const transport = httpTransport({ getToken: () => 'tok', fetch });
    expect(await transport.push([mutation], signal)).toEqual({ results });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v6/Sync/Push');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toEqual({ mutations: [mutation] });
  });

  it('pulls with the cursors and limit', async () => {
    const data = { changes: { Faq: { rows: [], cursor: '7', more: false } } };
    const fetch = vi.fn(async () => answer(200, { status: 0, message: 'OK', data }));
    expect(await httpTransport({ getToken: () => null, fetch }).pull({ Faq: '3' }, 500, signal)).toEqual(
      data,
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v6/Sync/Pull');
    expect(JSON.parse(String(init.body))).toEqual({ cursors: { Faq: '3' }, limit: 500 });
  });

  it('turns failures into ApiError with the HTTP status and Retry-After', async () => {
    const fail = async (response: Response | Error) => {
      const fetch = vi.fn(async () => {
        if (response instanceof Error) throw response;
        return response;
      });
      return httpTransport({ getToken: () => 'tok', fetch })
        .push([mutation], signal)
        .catch((e: unknown) => e as ApiError);
    };
    expect(await fail(new TypeError('Failed to fetch'))).toMatchObject({ httpStatus: 0 });
    expect(await fail(answer(401, { status: 1002, message: 'Please sign in', data: null }))).toMatchObject({
      httpStatus: 401,
      message: 'Please sign in',
    });
    const busy = await fail(
      answer(503, { status: 1500, message: 'Busy', data: null }, { 'Retry-After': '120' }),
    );
    expect(busy).toMatchObject({ httpStatus: 503, retryAfterMs: 120_000 });
    expect(await fail(answer(200, { status: 0, message: 'OK', data: { nope: 1 } }))).toMatchObject({
      httpStatus: 502,
    });
    expect(await fail(new Response('<html>', { status: 502 }))).toBeInstanceOf(ApiError);
  });
});
