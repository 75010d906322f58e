import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG (8-bit RGB) for a demo banner: `color` fading to a darker shade left to right, with
 * a lighter band across the lower third where a title would sit. Every row of a part is the same,
 * so the "Up" filter makes them zeros and the file stays a few kilobytes.
 */
export function demoBannerPng([r, g, b]: Rgb, width = 800, height = 450): Buffer {
  const row = (light: number) => {
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const shade = 1 - (0.45 * x) / width;
      const mix = (c: number) => Math.round(c * shade + (255 - c * shade) * light);
      line.writeUInt8(mix(r), 1 + x * 3);
      line.writeUInt8(mix(g), 2 + x * 3);
      line.writeUInt8(mix(b), 3 + x * 3);
    }
    return line;
  };
  const plain = row(0);
  const band = row(0.35);
  const zeros = Buffer.alloc(1 + width * 3);
  zeros[0] = 2; // filter "Up": each byte equals the one above
  const rows: Buffer[] = [];
  const inBand = (y: number) => y >= (height * 2) / 3 && y < (height * 5) / 6;
  for (let y = 0; y < height; y++) {
    rows.push(y > 0 && inBand(y) === inBand(y - 1) ? zeros : inBand(y) ? band : plain);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
