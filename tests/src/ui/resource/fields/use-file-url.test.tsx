import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDb } from '#tests/src/data/fake-db.ts';
import { MiB, pngBlob } from '#tests/src/data/tus-fake.ts';
import { queryClient } from '@/data/http/query-client';
import { setSession } from '@/data/session/session-store';
import { uploadsOf } from '@/data/uploads/upload-types';
import { stageFile } from '@/data/uploads/uploads';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { session } from '../../../fixtures.ts';

const signReply = (init: RequestInit) => {
  const { urls } = JSON.parse(String(init.body)) as { urls: string[] };
  const data = { urls: urls.map((u) => `${u}?exp=9&sig=s`), exp: 9 };
  return new Response(JSON.stringify({ status: 0, message: 'OK', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  queryClient.clear();
  setSession(session());
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => signReply(init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('useFileUrl', () => {
  it('shows an uploaded file by a signed URL, and other URLs as they are', async () => {
    const signed = renderHook(() => useFileUrl(null, '/files/f1/banner.png'));
    expect(signed.result.current).toBeNull(); // never the bare URL while a signature is coming
    await waitFor(() => expect(signed.result.current).toBe('/files/f1/banner.png?exp=9&sig=s'));
    expect(renderHook(() => useFileUrl(null, 'https://elsewhere.example/a.png')).result.current).toBe(
      'https://elsewhere.example/a.png',
    );
    expect(renderHook(() => useFileUrl(null, null)).result.current).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the bare path when it cannot sign (offline): the service worker has the file cached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = renderHook(() => useFileUrl(null, '/files/f2/b.png'));
    await waitFor(() => expect(offline.result.current).toBe('/files/f2/b.png'));
  });

  it('shows a staged file from its Blob, and by a signed URL once uploaded', async () => {
    const db = testDb();
    const { ref } = await stageFile(db, pngBlob(MiB), 'banner');
    const hook = renderHook(() => useFileUrl(db, ref));
    await waitFor(() => expect(hook.result.current).toMatch(/^blob:/));
    await uploadsOf(db).update(ref.slice(5), { state: 'done', fileUrl: '/files/f3/c.png' });
    const later = renderHook(() => useFileUrl(db, ref));
    await waitFor(() => expect(later.result.current).toBe('/files/f3/c.png?exp=9&sig=s'));
    db.close();
  });
});
