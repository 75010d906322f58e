import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { parseFileUrl } from '#contract/files.ts';
import { setSession } from '@/data/session/session-store';
import { SIGNED_URL_FRESH_MS, signedFileUrl, signedUrlQuery, signFilePath } from '@/data/uploads/signed-urls';
import { session } from '../../fixtures.ts';

const reply = (httpStatus: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });

/** A File/Sign that signs what it is asked, except the paths in `unknown` (the whole request 404s). */
function fakeSign(unknown: string[] = []) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    const { urls } = JSON.parse(String(init.body)) as { urls: string[] };
    const missing = urls.filter((u) => unknown.includes(u));
    if (missing.length)
      return reply(404, { status: STATUS.notFound, message: 'File not found.', data: { urls: missing } });
    return reply(200, {
      status: 0,
      message: 'OK',
      data: { urls: urls.map((u) => `${u}?exp=9&sig=s`), exp: 9 },
    });
  });
}

let fetchMock: ReturnType<typeof fakeSign>;
const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)).urls as string[]);

beforeEach(() => {
  setSession(session({ token: 'tok' }));
  fetchMock = fakeSign(['/files/gone/x.png', '/files/theirs/y.png']);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('parseFileUrl', () => {
  it('finds the id and bare path of relative, absolute and signed file URLs only', () => {
    expect(parseFileUrl('/files/abc-1/a%20b.png')).toEqual({ id: 'abc-1', path: '/files/abc-1/a%20b.png' });
    expect(parseFileUrl('https://host.example/files/abc/a.png?exp=1&sig=x')).toEqual({
      id: 'abc',
      path: '/files/abc/a.png',
    });
    for (const other of [
      'blob:0192',
      'https://elsewhere.example/cat.png',
      'data:image/png;base64,AA',
      '/files/a',
    ])
      expect(parseFileUrl(other), other).toBeNull();
  });
});

describe('signing file URLs', () => {
  it('asks once for the paths wanted at the same moment, each once, in order', async () => {
    const urls = await Promise.all(['/files/a/1.png', '/files/b/2.png', '/files/a/1.png'].map(signFilePath));
    expect(urls).toEqual([
      '/files/a/1.png?exp=9&sig=s',
      '/files/b/2.png?exp=9&sig=s',
      '/files/a/1.png?exp=9&sig=s',
    ]);
    expect(bodies()).toEqual([['/files/a/1.png', '/files/b/2.png']]);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe('Bearer tok');
  });

  it('gives null for the files the server does not have and still signs the others', async () => {
    const urls = await Promise.all(
      ['/files/gone/x.png', '/files/a/1.png', '/files/theirs/y.png'].map(signFilePath),
    );
    expect(urls).toEqual([null, '/files/a/1.png?exp=9&sig=s', null]);
    expect(bodies()).toEqual([
      ['/files/gone/x.png', '/files/a/1.png', '/files/theirs/y.png'],
      ['/files/a/1.png'],
    ]);
  });

  it('splits a long list into requests of at most 200', async () => {
    const paths = Array.from({ length: 450 }, (_, i) => `/files/f${i}/p.png`);
    const urls = await Promise.all(paths.map(signFilePath));
    expect(urls.every((u, i) => u === `${paths[i]}?exp=9&sig=s`)).toBe(true);
    expect(bodies().map((b) => b.length)).toEqual([200, 200, 50]);
  });
});

describe('the signed URL query', () => {
  it('keeps a signed URL until shortly before it expires, and falls back to the bare path offline', async () => {
    const client = new QueryClient();
    const signed = await client.fetchQuery(signedUrlQuery('c1:u1', '/files/a/1.png'));
    expect(signed).toEqual({ url: '/files/a/1.png?exp=9&sig=s', signed: true });
    expect(SIGNED_URL_FRESH_MS).toBe(55 * 60_000);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await client.fetchQuery(signedUrlQuery('c1:u1', '/files/b/2.png'));
    expect(offline).toEqual({ url: '/files/b/2.png', signed: false });
    // Cached: the first URL is not asked for again while fresh.
    expect(await signedFileUrl(client, 'c1:u1', 'http://x.example/files/a/1.png?exp=1&sig=old')).toBe(
      '/files/a/1.png?exp=9&sig=s',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await signedFileUrl(client, 'c1:u1', 'https://elsewhere.example/cat.png')).toBe(
      'https://elsewhere.example/cat.png',
    );
  });
});
