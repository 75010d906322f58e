import { sniffMimeType } from '#contract/file-signatures.ts';
import { FILE_KINDS, type FileKind } from '#contract/files.ts';

type Upload = {
  owner: string;
  length: number;
  offset: number;
  kind: FileKind;
  name: string;
  head: Uint8Array;
  sum: number;
  fileUrl?: string;
};

const json = (status: number, message: string) =>
  new Response(JSON.stringify({ status: 1000 + status, message, data: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const fromB64 = (v: string) => new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)));

/**
 * The tus 1.0 endpoint of /api/v1/File/Tus/ (core + creation) over a fake fetch: 413/422 on
 * create, 409 on an offset mismatch, 415 when the complete file's first bytes do not match its
 * kind, 404 for another user's upload. It keeps a byte sum, not the bytes, so 300 MB costs nothing.
 */
export function fakeTus(token = 'tok-1') {
  const uploads = new Map<string, Upload>();
  let next = 0;
  let patches = 0;
  let inFlight = 0;
  const tus = {
    /** Every request, as "METHOD path". */
    log: [] as string[],
    bytesReceived: 0,
    maxInFlight: 0,
    /** Requests fail at the network level while true. */
    offline: false,
    /** After this many accepted PATCHes, the connection drops: the server keeps the slice, the client gets no answer. */
    cutAfter: Number.POSITIVE_INFINITY,
    /** The answer to the final PATCH instead of accepting the file (e.g. 415 by content). */
    refuse: null as { status: number; message: string } | null,
    upload: (url: string) => uploads.get(url.split('/').pop()!),
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
      const method = init.method ?? 'GET';
      const url = String(input);
      tus.log.push(`${method} ${url}`);
      if (tus.offline) throw new TypeError('Failed to fetch');
      inFlight++;
      tus.maxInFlight = Math.max(tus.maxInFlight, inFlight);
      try {
        return await handle(method, url, new Headers(init.headers), init.body as Blob | undefined);
      } finally {
        inFlight--;
      }
    },
  };

  async function handle(method: string, url: string, h: Headers, body?: Blob): Promise<Response> {
    if (h.get('Tus-Resumable') !== '1.0.0') return json(412, 'Tus-Resumable 1.0.0 required');
    if (h.get('Authorization') !== `Bearer ${token}`) return json(401, 'Sign in again');
    if (method === 'POST') {
      const meta = Object.fromEntries((h.get('Upload-Metadata') ?? '').split(',').map((p) => p.split(' ')));
      const kind = fromB64(meta.kind ?? '') as FileKind;
      const length = Number(h.get('Upload-Length'));
      if (!FILE_KINDS[kind]) return json(422, 'Unknown kind of file');
      if (length > FILE_KINDS[kind].maxBytes) return json(413, 'The file is too big for its kind');
      const id = `u${++next}`;
      uploads.set(id, {
        owner: token,
        length,
        offset: 0,
        kind,
        name: fromB64(meta.filename ?? ''),
        head: new Uint8Array(),
        sum: 0,
      });
      return new Response(null, { status: 201, headers: { Location: `/api/v1/File/Tus/${id}` } });
    }
    const up = tus.upload(url);
    if (!up || up.owner !== token) return json(404, 'No such upload');
    const done = (status: number) => {
      const headers: Record<string, string> = {
        'Upload-Offset': String(up.offset),
        'Upload-Length': String(up.length),
      };
      if (up.fileUrl) Object.assign(headers, { 'Upload-File-Url': up.fileUrl, 'Upload-File-Id': 'f1' });
      return new Response(null, { status, headers });
    };
    if (method === 'HEAD') return done(200);
    if (Number(h.get('Upload-Offset')) !== up.offset) return json(409, 'Offset mismatch');
    const bytes = new Uint8Array(await body!.arrayBuffer());
    if (up.offset < 16) up.head = new Uint8Array([...up.head, ...bytes.subarray(0, 16 - up.offset)]);
    if (up.length <= 64 * 1024 * 1024) for (const b of bytes) up.sum = (up.sum + b) % 2_147_483_647;
    up.offset += bytes.length;
    tus.bytesReceived += bytes.length;
    if (up.offset === up.length && tus.refuse) return json(tus.refuse.status, tus.refuse.message);
    if (up.offset === up.length) {
      const type = sniffMimeType(up.head);
      if (!type || !(FILE_KINDS[up.kind].types as readonly string[]).includes(type)) {
        uploads.delete(url.split('/').pop()!);
        return json(415, 'The content of the file is not an allowed type');
      }
      up.fileUrl = `/files/f1/${up.name}`;
    }
    if (++patches >= tus.cutAfter) {
      tus.offline = true;
      throw new TypeError('Failed to fetch');
    }
    return done(204);
  }
  return tus;
}

export const MiB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-headed file of `size` bytes with a known pattern. */
export function pngBlob(size: number, name = 'banner.png'): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i < PNG.length ? PNG[i]! : i % 251;
  return new File([bytes], name, { type: 'image/png' });
}

/** The byte sum the server should end with for `pngBlob(size)`. */
export function sumOf(size: number) {
  let sum = 0;
  for (let i = 0; i < size; i++) sum = (sum + (i < PNG.length ? PNG[i]! : i % 251)) % 2_147_483_647;
  return sum;
}
