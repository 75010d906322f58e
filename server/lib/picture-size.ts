import type { ByteSource } from './media-probe.ts';

/** A JPEG start-of-frame marker (SOF0..SOF15, which carry the frame size); C4 (DHT), C8 (JPG) and CC (DAC) are not. */
export const isJpegFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** How far into a JPEG its frame header is looked for (EXIF thumbnails come before it). */
const JPEG_SCAN_BYTES = 512 * 1024;

/**
 * A PNG's or JPEG's pixel size from its header (PNG: IHDR; JPEG: the first SOF marker), reading
 * only the start of the file; undefined when it cannot be found.
 */
export async function pictureSize(src: ByteSource): Promise<{ width: number; height: number } | undefined> {
  const head = Buffer.from(await src.read(0, Math.min(src.size, JPEG_SCAN_BYTES) - 1));
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR')
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = head.readUInt16BE(at + 2);
    if (isJpegFrameMarker(marker))
      return { height: head.readUInt16BE(at + 5), width: head.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}
