// Draws the app icons (plain, maskable and a favicon) as PNG with no image tooling:
// node scripts/make-icons.ts
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

type Rgba = [number, number, number, number];
const BLUE: Rgba = [30, 64, 175, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const AMBER: Rgba = [251, 191, 36, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** An open book over a rounded tile; `safe` shrinks the drawing into the maskable safe zone. */
function pixel(x: number, y: number, size: number, maskable: boolean): Rgba {
  const u = x / size;
  const v = y / size;
  if (!maskable) {
    const r = 0.18;
    const cx = Math.min(Math.max(u, r), 1 - r);
    const cy = Math.min(Math.max(v, r), 1 - r);
    if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return CLEAR;
  }
  const s = maskable ? 0.62 : 0.8;
  const bu = (u - 0.5) / s + 0.5;
  const bv = (v - 0.5) / s + 0.5;
  const inPage = bv > 0.3 && bv < 0.75 && bu > 0.16 && bu < 0.84 && Math.abs(bu - 0.5) > 0.02;
  const sag = 0.06 * Math.cos((bu - 0.5) * Math.PI);
  if (inPage && bv > 0.3 + sag * 0.5) return WHITE;
  if (bv >= 0.75 && bv < 0.8 && bu > 0.14 && bu < 0.86) return AMBER;
  return BLUE;
}

function png(size: number, maskable: boolean) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const p = pixel(x + 0.5, y + 0.5, size, maskable);
      raw.set(p, y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icons/icon-192.png', png(192, false));
writeFileSync('public/icons/icon-512.png', png(512, false));
writeFileSync('public/icons/maskable-512.png', png(512, true));
writeFileSync('public/icons/apple-touch-icon.png', png(180, true));
writeFileSync('public/favicon.png', png(48, false));
