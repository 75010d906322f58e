import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoBannerPng, pngChunk } from '../../server/db/demo-png.ts';
import { pictureIsReadable } from '../../server/lib/picture-check.ts';
import { pngOfSize } from '../fixtures/png.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/pictures/${name}`, import.meta.url));
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of an 8-bit grey picture whose image data is `rows` (filter byte and pixels each). */
function greyPng(width: number, height: number, rows: Buffer, ihdrPatch: (ihdr: Buffer) => void = () => {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  ihdrPatch(ihdr);
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
const rowsOf = (height: number, width: number, filter = 0) =>
  Buffer.concat(Array.from({ length: height }, () => Buffer.from([filter, ...Array(width).fill(128)])));

describe('pictureIsReadable', () => {
  it.each([
    ['baseline.jpg', 'image/jpeg'],
    ['progressive.jpg', 'image/jpeg'],
    ['interlaced.png', 'image/png'],
    ['palette.png', 'image/png'],
    ['picture.gif', 'image/gif'],
    ['picture.bmp', 'image/bmp'],
  ])('keeps a real picture: %s', async (name, mime) => {
    expect(await pictureIsReadable(fixture(name), mime)).toBe(true);
  });

  it('keeps the demo banners, a PNG with a private chunk, stray bytes between JPEG segments, and bytes after the end marker', async () => {
    expect(await pictureIsReadable(demoBannerPng([30, 64, 175]), 'image/png')).toBe(true);
    expect(await pictureIsReadable(pngOfSize(3 * 1024 * 1024), 'image/png')).toBe(true);
    const jpeg = fixture('baseline.jpg');
    const stray = Buffer.concat([jpeg.subarray(0, 20), Buffer.from([0, 0, 0]), jpeg.subarray(20)]);
    expect(jpeg.readUInt16BE(20)).toBe(0xffdb); // the stray bytes sit between APP0 and DQT
    expect(await pictureIsReadable(stray, 'image/jpeg')).toBe(true);
    const trailing = Buffer.concat([fixture('baseline.jpg'), Buffer.from('trailing bytes')]);
    expect(await pictureIsReadable(trailing, 'image/jpeg')).toBe(true);
    expect(
      await pictureIsReadable(Buffer.concat([fixture('palette.png'), Buffer.alloc(100)]), 'image/png'),
    ).toBe(true);
  });

  it('refuses a PNG header followed by random bytes, as the upload tests once stored', async () => {
    const fake = Buffer.alloc(64 * 1024, 7);
    Buffer.concat([SIGNATURE, Buffer.from('0000000d49484452', 'hex')]).copy(fake);
    expect(await pictureIsReadable(fake, 'image/png')).toBe(false);
  });

  it('refuses a PNG whose chunk is damaged, cut short, or whose image data is not what IHDR says', async () => {
    const good = greyPng(5, 4, rowsOf(4, 5));
    expect(await pictureIsReadable(good, 'image/png')).toBe(true);
    const flipped = Buffer.from(good);
    flipped[good.length - 20]! ^= 0x01; // inside IDAT: its CRC no longer matches
    expect(await pictureIsReadable(flipped, 'image/png')).toBe(false);
    expect(await pictureIsReadable(good.subarray(0, good.length - 12), 'image/png')).toBe(false); // no IEND
    expect(await pictureIsReadable(greyPng(5, 4, rowsOf(3, 5)), 'image/png')).toBe(false); // a row short
    expect(await pictureIsReadable(greyPng(5, 4, rowsOf(5, 5)), 'image/png')).toBe(false); // a row too many
    expect(await pictureIsReadable(greyPng(5, 4, rowsOf(4, 5, 9)), 'image/png')).toBe(false); // no filter 9
    const palette = greyPng(5, 4, rowsOf(4, 5), (ihdr) => ihdr.set([8, 3], 8)); // palette without PLTE
    expect(await pictureIsReadable(palette, 'image/png')).toBe(false);
    const badDepth = greyPng(5, 4, rowsOf(4, 5), (ihdr) => ihdr.set([3, 2], 8)); // RGB at 3 bits
    expect(await pictureIsReadable(badDepth, 'image/png')).toBe(false);
  });

  it('refuses a small PNG that claims a huge picture, without inflating it', async () => {
    const huge = greyPng(20_000, 20_000, rowsOf(2, 10));
    const started = performance.now();
    expect(await pictureIsReadable(huge, 'image/png')).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a JPEG cut short, with a broken segment, or without a frame', async () => {
    const jpeg = fixture('progressive.jpg');
    expect(await pictureIsReadable(jpeg.subarray(0, jpeg.length - 2), 'image/jpeg')).toBe(false); // no EOI
    expect(await pictureIsReadable(jpeg.subarray(0, 300), 'image/jpeg')).toBe(false);
    const broken = Buffer.from(jpeg);
    broken.writeUInt16BE(0xfff0, 4); // the first segment's length runs past the end
    expect(await pictureIsReadable(broken, 'image/jpeg')).toBe(false);
    const random = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x5a)]);
    expect(await pictureIsReadable(random, 'image/jpeg')).toBe(false);
    expect(await pictureIsReadable(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBe(false);
  });

  it('refuses a GIF or BMP cut short', async () => {
    const gif = fixture('picture.gif');
    expect(await pictureIsReadable(gif.subarray(0, gif.length - 40), 'image/gif')).toBe(false);
    expect(await pictureIsReadable(gif.subarray(0, 13), 'image/gif')).toBe(false);
    const bmp = fixture('picture.bmp');
    expect(await pictureIsReadable(bmp.subarray(0, bmp.length - 200), 'image/bmp')).toBe(false);
    expect(await pictureIsReadable(Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), 'image/bmp')).toBe(
      false,
    );
  });
});
