import type { ByteRange } from './file-store.ts';

/**
 * The range of a `Range: bytes=...` header for a file of `size` bytes (RFC 9110 section 14):
 * null to send the whole file (no header, another unit, a malformed or multi-range header, which
 * a server may ignore), 'unsatisfiable' for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header && /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}
