import { crc32, createInflate } from 'node:zlib';
import { isJpegFrameMarker } from './picture-size.ts';

/**
 * Whether a PNG, JPEG, GIF or BMP is whole enough for a browser to show, read by its structure,
 * not only its first bytes (contract/file-signatures.ts): a file that starts like a PNG and goes on
 * with anything else is refused here, where it would otherwise be stored and shown broken.
 *
 * - PNG: every chunk's CRC, IHDR first, PLTE for a palette, one run of IDAT, IEND; the image data
 *   inflates to exactly the size the header promises, each row starting with a known filter.
 * - JPEG: the segments chain from SOI through a frame header and at least one scan to EOI.
 * - GIF: header, colour tables and blocks chain to the trailer (or a clean end), with one image.
 * - BMP: a known header, and the pixel rows the header promises are in the file.
 *
 * Bytes after the end marker are allowed, as browsers allow them. Pixels are counted, not decoded:
 * a picture over MAX_PICTURE_PIXELS is refused, so a small file claiming a huge picture cannot make
 * the server inflate gigabytes.
 */
export const MAX_PICTURE_PIXELS = 100_000_000;

export async function pictureIsReadable(bytes: Uint8Array, mimeType: string): Promise<boolean> {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (mimeType) {
    case 'image/png':
      return pngIsReadable(b);
    case 'image/jpeg':
      return jpegIsReadable(b);
    case 'image/gif':
      return gifIsReadable(b);
    case 'image/bmp':
      return bmpIsReadable(b);
    default:
      return false;
  }
}

/** Bit depths allowed for each PNG colour type. */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, column and row steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

async function pngIsReadable(b: Buffer): Promise<boolean> {
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  let palette = false;
  let idatRun: 'before' | 'in' | 'after' = 'before';
  const data: Buffer[] = [];
  for (;;) {
    if (at + 12 > b.length) return false;
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (length > 0x7fffffff || at + 12 + length > b.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    const body = b.subarray(at + 8, at + 8 + length);
    if (crc32(body, crc32(b.subarray(at + 4, at + 8))) !== b.readUInt32BE(at + 8 + length)) return false;
    at += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return false;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        colour: body[9]!,
        interlace: body[12]!,
      };
      const { width, height, depth, colour, interlace } = header;
      if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return false;
      if (width * height > MAX_PICTURE_PIXELS || !PNG_DEPTHS[colour]?.includes(depth)) return false;
      if (body[10] !== 0 || body[11] !== 0 || interlace > 1) return false;
      continue;
    }
    if (type === 'IHDR') return false;
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') {
      if (idatRun === 'after' || (header.colour === 3 && !palette)) return false;
      idatRun = 'in';
      data.push(body);
    } else if (idatRun === 'in') idatRun = 'after';
    if (type === 'IEND') break;
  }
  if (!data.length) return false;
  return inflatesTo(Buffer.concat(data), pngRows(header));
}

/** The rows of a PNG's filtered image data: each is one filter byte and `bytes` of pixels. */
function pngRows(h: { width: number; height: number; depth: number; colour: number; interlace: number }) {
  const bits = h.depth * PNG_CHANNELS[h.colour]!;
  const rowBytes = (width: number) => Math.ceil((width * bits) / 8);
  if (!h.interlace) return [{ rows: h.height, bytes: rowBytes(h.width) }];
  return ADAM7.map(([x, y, dx, dy]) => {
    const width = Math.ceil((h.width - x) / dx);
    const rows = Math.ceil((h.height - y) / dy);
    return width > 0 && rows > 0 ? { rows, bytes: rowBytes(width) } : { rows: 0, bytes: 0 };
  }).filter((pass) => pass.rows > 0);
}

/**
 * Inflates a PNG's image data without keeping it, checking that it is exactly the rows promised
 * and that each row's filter is one of PNG's five. Stops at the first byte too many.
 */
function inflatesTo(compressed: Buffer, passes: { rows: number; bytes: number }[]): Promise<boolean> {
  /** Offsets of the passes' starts, to find each row's filter byte. */
  const starts: number[] = [];
  let total = 0;
  for (const p of passes) {
    starts.push(total);
    total += p.rows * (p.bytes + 1);
  }
  return new Promise((resolve) => {
    const inflate = createInflate();
    let seen = 0;
    let pass = 0;
    let nextFilter = 0;
    const finish = (ok: boolean) => {
      inflate.removeAllListeners();
      inflate.on('error', () => {});
      inflate.destroy();
      resolve(ok);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (seen + chunk.length > total) return finish(false);
      while (nextFilter < seen + chunk.length) {
        if (chunk[nextFilter - seen]! > 4) return finish(false);
        nextFilter += passes[pass]!.bytes + 1;
        if (pass + 1 < passes.length && nextFilter >= starts[pass + 1]!) nextFilter = starts[++pass]!;
      }
      seen += chunk.length;
    });
    inflate.on('error', () => finish(false));
    inflate.on('end', () => finish(seen === total));
    inflate.end(compressed);
  });
}

/** JPEG markers that may follow a segment or a scan (SOFn, DHT, DAC, SOS, DQT, DNL, DRI, APPn, COM, ...). */
const isSegmentMarker = (m: number) => (m >= 0xc0 && m <= 0xfe && m !== 0xd8 && m !== 0xd9) || m === 0x01;

function jpegIsReadable(b: Buffer): boolean {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  let frame = false;
  let scans = 0;
  while (at < b.length) {
    // Stray bytes before a marker are skipped, as libjpeg (and so the browsers) skips them.
    if (b[at] !== 0xff) at = b.indexOf(0xff, at);
    if (at < 0) return false;
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return frame && scans > 0;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (!isSegmentMarker(marker) || at + 2 > b.length) return false;
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return false;
    if (isJpegFrameMarker(marker)) {
      const width = b.readUInt16BE(at + 5);
      const height = b.readUInt16BE(at + 3);
      const components = b[at + 7]!;
      if (length < 8 || !width || components < 1 || components > 4 || length !== 8 + 3 * components)
        return false;
      if (width * height > MAX_PICTURE_PIXELS) return false;
      frame = true;
    }
    at += length;
    if (marker !== 0xda) continue;
    if (!frame) return false;
    scans++;
    // Entropy-coded data: runs until a 0xFF that is neither a stuffed zero nor a restart marker.
    for (;;) {
      at = b.indexOf(0xff, at);
      if (at < 0) return false;
      const next = b[at + 1];
      if (next === undefined) return false;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        at += next === 0xff ? 1 : 2;
        continue;
      }
      break;
    }
  }
  return false;
}

function gifIsReadable(b: Buffer): boolean {
  if (b.length < 13) return false;
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  if (!width || !height) return false;
  let at = 13 + colourTable(b[10]!);
  let images = 0;
  const subBlocks = () => {
    for (;;) {
      if (at >= b.length) return false;
      const size = b[at++]!;
      if (!size) return true;
      at += size;
    }
  };
  while (at < b.length) {
    const block = b[at++];
    if (block === 0x3b) return images > 0;
    if (block === 0x21) {
      at++; // the extension's label
      if (!subBlocks()) return false;
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return false;
      const w = b.readUInt16LE(at + 4);
      const h = b.readUInt16LE(at + 6);
      if (!w || !h) return false;
      at += 9 + colourTable(b[at + 8]!);
      const codeSize = b[at++];
      if (codeSize === undefined || codeSize < 1 || codeSize > 11 || !subBlocks()) return false;
      images++;
    } else return false;
  }
  // No trailer, but the file ends between blocks: browsers show what came.
  return images > 0 && at === b.length;
}

/** Bytes of the colour table a GIF's packed field announces (none without its flag). */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function bmpIsReadable(b: Buffer): boolean {
  if (b.length < 26) return false;
  const pixels = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  let width: number;
  let height: number;
  let planes: number;
  let bpp: number;
  let compression = 0;
  if (headerSize === 12) {
    width = b.readUInt16LE(18);
    height = b.readInt16LE(20);
    planes = b.readUInt16LE(22);
    bpp = b.readUInt16LE(24);
  } else if (headerSize >= 40 && b.length >= 14 + 40) {
    width = b.readInt32LE(18);
    height = b.readInt32LE(22);
    planes = b.readUInt16LE(26);
    bpp = b.readUInt16LE(28);
    compression = b.readUInt32LE(30);
  } else return false;
  if (width <= 0 || height === 0 || planes !== 1 || ![1, 4, 8, 16, 24, 32].includes(bpp)) return false;
  if (width * Math.abs(height) > MAX_PICTURE_PIXELS || pixels < 14 + headerSize || pixels >= b.length)
    return false;
  if (compression === 1 || compression === 2) return true; // run-length rows: any length
  if (compression !== 0 && compression !== 3 && compression !== 6) return false;
  const rowBytes = Math.floor((bpp * width + 31) / 32) * 4;
  return pixels + rowBytes * Math.abs(height) <= b.length;
}
