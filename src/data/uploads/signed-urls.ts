import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { MAX_SIGN_URLS, parseFileUrl, SIGNED_FILE_URL_SECONDS, signedFileUrls } from '#contract/files.ts';
import { apiPost } from '@/data/http/api';
import { ApiError } from '@/data/http/http-client';

/**
 * Uploaded files open only with the bearer or a signed URL that expires (server: routes/file-serve.ts),
 * and <img>, <video> and downloads cannot send the bearer. So the console shows files through signed
 * URLs, asked for in batches (File/Sign) and kept until shortly before they expire.
 */

/** A signed URL is replaced this long before it expires (measured on this device's clock from
 * when it arrived, so a wrong device clock changes nothing). */
const RENEW_BEFORE_MS = 5 * 60_000;
export const SIGNED_URL_FRESH_MS = SIGNED_FILE_URL_SECONDS * 1000 - RENEW_BEFORE_MS;
/** URLs asked for within this window go in one request (a list mounting its thumbnails). */
const BATCH_WINDOW_MS = 10;

type Waiter = { resolve: (url: string | null) => void; reject: (error: unknown) => void };
let pending = new Map<string, Waiter[]>();
let scheduled = false;

/**
 * Signs bare paths; the paths the server does not know (or that are another company's: the same
 * 404, data.urls) come back null and the rest are signed again without them.
 */
async function signPaths(paths: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  try {
    const { urls } = await apiPost('/v1/File/Sign', { schema: signedFileUrls, body: { urls: paths } });
    paths.forEach((p, i) => void out.set(p, urls[i] ?? null));
  } catch (error) {
    const missing = error instanceof ApiError && error.httpStatus === 404 ? missingOf(error) : null;
    if (!missing?.length) throw error;
    for (const p of missing) out.set(p, null);
    const rest = paths.filter((p) => !missing.includes(p));
    if (rest.length) for (const [p, url] of await signPaths(rest)) out.set(p, url);
  }
  return out;
}

function missingOf(error: ApiError): string[] | null {
  const urls = (error.data as { urls?: unknown } | null)?.urls;
  return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : null;
}

async function flush() {
  scheduled = false;
  const batch = pending;
  pending = new Map();
  const paths = [...batch.keys()];
  for (let i = 0; i < paths.length; i += MAX_SIGN_URLS) {
    const chunk = paths.slice(i, i + MAX_SIGN_URLS);
    try {
      const signed = await signPaths(chunk);
      for (const p of chunk) for (const w of batch.get(p) ?? []) w.resolve(signed.get(p) ?? null);
    } catch (error) {
      for (const p of chunk) for (const w of batch.get(p) ?? []) w.reject(error);
    }
  }
}

/** The signed URL of one bare file path, asked for together with the others of the same moment. */
export function signFilePath(path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    pending.set(path, [...(pending.get(path) ?? []), { resolve, reject }]);
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => void flush(), BATCH_WINDOW_MS);
  });
}

/**
 * What to put in `src`: the signed URL; the bare path when no signature could be had (offline, the
 * server unreachable: the service worker answers a file seen before from its cache, whatever the
 * query string); null for a file the server does not have for this user.
 */
export type SignedUrl = { url: string | null; signed: boolean };

export const signedUrlQuery = (userKey: string, path: string) =>
  queryOptions({
    queryKey: ['signed-file-url', userKey, path],
    queryFn: async (): Promise<SignedUrl> => {
      try {
        const url = await signFilePath(path);
        return { url, signed: url !== null };
      } catch {
        return { url: path, signed: false };
      }
    },
    // Offline too: the fallback to the bare path is what shows cached files offline.
    networkMode: 'always',
    retry: false,
    staleTime: (q) => (q.state.data?.signed ? SIGNED_URL_FRESH_MS : 0),
    gcTime: SIGNED_URL_FRESH_MS,
    // A page left open gets new URLs before the old ones expire (a lazy image loads late).
    refetchInterval: (q) => (q.state.data?.signed ? SIGNED_URL_FRESH_MS : 60_000),
  });

/**
 * A signed URL of a file URL for a download or a player opened on demand (from the same cache
 * as the images); other URLs come back unchanged.
 */
export async function signedFileUrl(queryClient: QueryClient, userKey: string, url: string) {
  const file = parseFileUrl(url);
  if (!file) return url;
  return (await queryClient.fetchQuery(signedUrlQuery(userKey, file.path))).url;
}
