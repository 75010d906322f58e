// The console's check of a picked video (src/data/uploads/file-check.ts videoHeight, its own
// code run in Chromium) reads the same picture height as the server's probe of the bytes
// (server/lib/media-probe.ts) for every committed fixture, so a video the console lets through
// is not refused later for its height, and the other way round.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { bytesInMemory, probeMp4, UnreadableMediaError } from '../../server/lib/media-probe.ts';
import { videoHeight } from '../../src/data/uploads/file-check.ts';
import { openBrowser, type Session } from './browser.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));

/** The console's own function, as Node runs it (types stripped), evaluated in the page. */
async function browserHeight(session: Session, bytes: Buffer): Promise<number | null> {
  return session.page.evaluate(
    async ({ source, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const read = new Function(`return (${source})`)() as (file: Blob) => Promise<number | null>;
      return read(new File([data], 'picked.mp4', { type: 'video/mp4' }));
    },
    { source: videoHeight.toString(), base64: bytes.toString('base64') },
  );
}

async function serverHeight(bytes: Buffer) {
  try {
    return (await probeMp4(bytesInMemory(bytes))).height;
  } catch (err) {
    if (err instanceof UnreadableMediaError) return null;
    throw err;
  }
}

describe('a video picture height, in the browser and on the server', () => {
  let session: Session;
  before(async () => {
    session = await openBrowser();
  });
  after(() => session?.close());

  const cases: [string, number | null][] = [
    ['video-640x360.mp4', 360],
    ['video-640x360-moov-at-end.mp4', 360],
    ['video-1280x720.mp4', 720],
    // Frame 640x360 turned a quarter: shown 640 high, in <video> and in the probe.
    ['video-640x360-rotated.mp4', 640],
    // No picture, or not a video at all: the browser says nothing, the server refuses it.
    ['sound-only.mp4', null],
    ['page.html.mp4', null],
  ];
  for (const [name, height] of cases) {
    it(`${name}: ${height ?? 'no'} lines`, async () => {
      const bytes = fixture(name);
      assert.equal(await browserHeight(session, bytes), height);
      assert.equal(await serverHeight(bytes), height);
    });
  }
});
