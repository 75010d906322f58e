/**
 * File types proven by their first bytes (magic numbers), whatever the name says. One table for
 * both sides: the console refuses a wrong file before staging it, the server before keeping it.
 */

/** Bytes needed at the start of a file to recognise every type below. */
export const SNIFF_BYTES = 16;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type a file's first bytes prove, whatever its name says; undefined when unknown. */
export function sniffMimeType(head: Uint8Array): string | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'image/bmp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, ascii('ftyp'), 4)) return 'video/mp4';
  if (startsWith(head, ascii('ID3'))) return 'audio/mpeg';
  // MPEG audio frame sync: 11 set bits, then a valid version and layer.
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x18) !== 0x08 && (head[1] & 0x06) !== 0)
    return 'audio/mpeg';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]))
    return 'application/zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-cfb';
  return undefined;
}
