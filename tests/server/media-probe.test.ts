import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../server/lib/file-store.ts';
import { localFileStore } from '../../server/lib/local-file-store.ts';
import {
  type ByteSource,
  bytesInMemory,
  probeMedia,
  probeMp3,
  probeMp4,
  probeStoredMedia,
  UnreadableMediaError,
} from '../../server/lib/media-probe.ts';

const MB = 1024 * 1024;
const fixture = (name: string) => readFile(new URL(`../fixtures/media/${name}`, import.meta.url));

/** Top-level boxes of an MP4: type, offset and size, read from its own headers. */
function boxesOf(bytes: Buffer) {
  const boxes: { type: string; at: number; size: number }[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), at, size });
    at += size;
  }
  return boxes;
}

/** A source that counts what is asked of it. */
function counting(src: ByteSource) {
  const reads: { start: number; end: number }[] = [];
  return {
    reads,
    bytesRead: () => reads.reduce((n, r) => n + r.end - r.start + 1, 0),
    src: {
      size: src.size,
      read: (start: number, end: number) => {
        reads.push({ start, end });
        return src.read(start, end);
      },
      stream: () => src.stream(),
    } satisfies ByteSource,
  };
}

/**
 * The moov-at-end fixture with its media data grown to `mdatBytes` without holding them: zeros
 * are made for the ranges asked. The shape of a 150 MB phone video saved without faststart.
 */
function hugeMoovAtEnd(bytes: Buffer, mdatBytes: number): ByteSource {
  const boxes = boxesOf(bytes);
  const mdat = boxes.find((b) => b.type === 'mdat')!;
  const moov = boxes.find((b) => b.type === 'moov')!;
  const head = Buffer.from(bytes.subarray(0, mdat.at + 8));
  head.writeUInt32BE(mdatBytes + 8, mdat.at);
  const tail = bytes.subarray(moov.at, moov.at + moov.size);
  const moovAt = head.length + mdatBytes;
  const size = moovAt + tail.length;
  const byteAt = (i: number) => (i < head.length ? head[i]! : i < moovAt ? 0 : tail[i - moovAt]!);
  return {
    size,
    read: async (start, end) => {
      const last = Math.min(end, size - 1);
      const out = new Uint8Array(Math.max(0, last - start + 1));
      for (let i = 0; i < out.length; i++) out[i] = byteAt(start + i);
      return out;
    },
    stream: () => {
      throw new Error('an MP4 is read by ranges, never streamed whole');
    },
  };
}

describe('media-probe: MP4', () => {
  it('reads a faststart MP4 (moov first) from its first range only', async () => {
    const bytes = await fixture('video-640x360.mp4');
    expect(boxesOf(bytes).map((b) => b.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    const c = counting(bytesInMemory(bytes));
    expect(await probeMp4(c.src)).toEqual({ durationSeconds: 2, width: 640, height: 360 });
    expect(c.reads).toHaveLength(1);
    expect(c.reads[0]!.start).toBe(0);
  });

  it('reads an MP4 whose moov is after the media data (saved without faststart)', async () => {
    const bytes = await fixture('video-640x360-moov-at-end.mp4');
    expect(boxesOf(bytes).map((b) => b.type)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    expect(await probeMp4(bytesInMemory(bytes))).toEqual({ durationSeconds: 2, width: 640, height: 360 });
  });

  it('skips 150 MB of media data to the moov at the end, reading under 1 MB', async () => {
    const bytes = await fixture('video-640x360-moov-at-end.mp4');
    const c = counting(hugeMoovAtEnd(bytes, 150 * MB));
    expect(c.src.size).toBeGreaterThan(150 * MB);
    expect(await probeMp4(c.src)).toEqual({ durationSeconds: 2, width: 640, height: 360 });
    expect(c.bytesRead()).toBeLessThan(MB);
    // The first range, then straight to the moov: nothing in between is asked for.
    expect(c.reads).toHaveLength(2);
    expect(c.reads[1]!.start).toBe(c.src.size - boxesOf(bytes).find((b) => b.type === 'moov')!.size);
  });

  it('reads the picture of a 1280x720 video, and a portrait one as shown (turned a quarter)', async () => {
    expect(await probeMp4(bytesInMemory(await fixture('video-1280x720.mp4')))).toEqual({
      durationSeconds: 1,
      width: 1280,
      height: 720,
    });
    // Frame 640x360 with a 90-degree display matrix: shown 360 wide, 640 high (as <video> says).
    expect(await probeMp4(bytesInMemory(await fixture('video-640x360-rotated.mp4')))).toEqual({
      durationSeconds: 1,
      width: 360,
      height: 640,
    });
  });

  it('gives no picture for an MP4 with sound only', async () => {
    expect(await probeMp4(bytesInMemory(await fixture('sound-only.mp4')))).toEqual({
      durationSeconds: 1,
      width: null,
      height: null,
    });
  });

  it('refuses an HTML page, an MP3 and an MP4 cut before the end of its moov', async () => {
    await expect(probeMp4(bytesInMemory(await fixture('page.html.mp4')))).rejects.toBeInstanceOf(
      UnreadableMediaError,
    );
    await expect(probeMp4(bytesInMemory(await fixture('sound-2s.mp3')))).rejects.toBeInstanceOf(
      UnreadableMediaError,
    );
    const cut = (await fixture('video-640x360-moov-at-end.mp4')).subarray(0, -200);
    await expect(probeMp4(bytesInMemory(cut))).rejects.toBeInstanceOf(UnreadableMediaError);
  });
});

describe('media-probe: MP3', () => {
  it('reads the duration of an MP3, with and without its Xing/Info header', async () => {
    for (const name of ['sound-2s.mp3', 'sound-2s-no-xing.mp3']) {
      const info = await probeMp3(bytesInMemory(await fixture(name)));
      expect(info.durationSeconds).toBeCloseTo(2.06, 1);
      expect(info).toMatchObject({ width: null, height: null });
    }
  });

  it('refuses an HTML page, an MP4 and ID3 tags over nothing as an MP3', async () => {
    for (const bytes of [
      await fixture('page.html.mp4'),
      await fixture('video-640x360.mp4'),
      Buffer.concat([Buffer.from('ID3'), Buffer.alloc(5000, 0x41)]),
    ]) {
      await expect(probeMp3(bytesInMemory(bytes))).rejects.toBeInstanceOf(UnreadableMediaError);
    }
  });

  it('says nothing of other types', async () => {
    expect(await probeMedia(bytesInMemory(await fixture('page.html.mp4')), 'application/pdf')).toBe(
      undefined,
    );
  });
});

describe('media-probe: files in the store', () => {
  let dir: string;
  let store: FileStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lac-probe-'));
    store = await localFileStore({ filesDir: join(dir, 'files'), tusDir: join(dir, 'tus') });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a stored MP4 by ranges and a stored MP3 as a stream', async () => {
    const mp4 = await fixture('video-640x360-moov-at-end.mp4');
    await store.write('clip', mp4);
    expect(await probeStoredMedia(store, 'clip', mp4.length, 'video/mp4')).toEqual({
      durationSeconds: 2,
      width: 640,
      height: 360,
    });
    const mp3 = await fixture('sound-2s.mp3');
    await store.write('song', mp3);
    const info = await probeStoredMedia(store, 'song', mp3.length, 'audio/mpeg');
    expect(info?.durationSeconds).toBeCloseTo(2.06, 1);
  });

  it("passes on the store's failure (a missing file) rather than calling the content bad", async () => {
    const missing = probeStoredMedia(store, 'nothing-here', 1000, 'video/mp4');
    await expect(missing).rejects.not.toBeInstanceOf(UnreadableMediaError);
    await expect(missing).rejects.toThrow();
  });
});
