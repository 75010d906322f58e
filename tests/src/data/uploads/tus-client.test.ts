import { describe, expect, it } from 'vitest';
import { ApiError } from '@/data/http/http-client';
import { uploadBlob } from '@/data/uploads/tus-client';
import { fakeTus, MiB, pngBlob, sumOf } from '../tus-fake';

const base = (tus: ReturnType<typeof fakeTus>) => ({
  kind: 'file',
  fileName: 'report.png',
  token: 'tok-1',
  signal: new AbortController().signal,
  fetch: tus.fetch,
  sliceBytes: MiB,
  sleep: async () => {},
  random: () => 0.5,
});

describe('tus client', () => {
  it("resumes an upload cut at 90% from the server's offset", async () => {
    const tus = fakeTus();
    const blob = pngBlob(10 * MiB);
    const saved: { uploadUrl?: string; offset?: number } = {};
    tus.cutAfter = 9; // the 9th slice reaches the server, its answer never comes back
    const first = uploadBlob({
      ...base(tus),
      blob,
      retries: 2,
      onCheckpoint: (c) => Object.assign(saved, c),
    });
    await expect(first).rejects.toMatchObject({ kind: 'transient', httpStatus: 0 });
    expect(saved.offset).toBe(8 * MiB); // what the client knows: the 9th was never acknowledged
    expect(tus.upload(saved.uploadUrl!)!.offset).toBe(9 * MiB);

    tus.offline = false;
    tus.cutAfter = Number.POSITIVE_INFINITY;
    tus.log.length = 0;
    const second = await uploadBlob({
      ...base(tus),
      blob,
      resume: { url: saved.uploadUrl, offset: saved.offset },
    }); // a new client instance
    expect(tus.log[0]).toBe(`HEAD ${saved.uploadUrl}`);
    expect(tus.log.filter((l) => l.startsWith('POST'))).toEqual([]);
    expect(tus.log.filter((l) => l.startsWith('PATCH'))).toHaveLength(1);
    expect(second.fileUrl).toBe('/files/f1/report.png');
    expect(tus.bytesReceived).toBe(10 * MiB); // every byte exactly once
    expect(tus.upload(saved.uploadUrl!)!.sum).toBe(sumOf(10 * MiB));
  });

  it('never reads more than one slice at a time, even for a 300 MB file', { timeout: 60_000 }, async () => {
    const tus = fakeTus();
    const size = 300 * MiB;
    const real = pngBlob(2 * MiB);
    let alive = 0;
    let maxAlive = 0;
    const cuts: number[] = [];
    // A Blob that is never in memory: each slice is made on demand, and counted until sent.
    const huge = {
      size,
      type: 'application/pdf',
      slice(start = 0, end = size) {
        cuts.push(end - start);
        maxAlive = Math.max(maxAlive, ++alive);
        const part = real.slice(0, end - start);
        const read = part.arrayBuffer.bind(part);
        part.arrayBuffer = () => read().finally(() => alive--);
        return part;
      },
      arrayBuffer: () => Promise.reject(new Error('read the whole file')),
      stream: () => {
        throw new Error('streamed the whole file');
      },
    } as unknown as Blob;
    const done = await uploadBlob({ ...base(tus), blob: huge, sliceBytes: 2 * MiB });
    expect(done.fileUrl).toBe('/files/f1/report.png');
    expect(cuts).toHaveLength(150);
    expect(Math.max(...cuts)).toBe(2 * MiB);
    expect(maxAlive).toBe(1);
    expect(tus.maxInFlight).toBe(1);
    expect(tus.bytesReceived).toBe(size);
  });

  it('progress reports increase to 100%', async () => {
    const tus = fakeTus();
    const seen: number[] = [];
    await uploadBlob({
      ...base(tus),
      blob: pngBlob(5 * MiB + 7),
      onProgress: (sent, total) => seen.push(sent / total),
    });
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.at(-1)).toBe(1);
  });

  it('retries a transient failure after asking the server where it is', async () => {
    const tus = fakeTus();
    tus.cutAfter = 2;
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      tus.offline = false; // the network is back
      tus.cutAfter = Number.POSITIVE_INFINITY;
    };
    await uploadBlob({ ...base(tus), blob: pngBlob(4 * MiB), sleep });
    expect(slept).toHaveLength(1);
    const afterCut = tus.log.findIndex((l) => l.startsWith('HEAD'));
    expect(tus.log[afterCut + 1]).toMatch(/^PATCH/);
    expect(tus.bytesReceived).toBe(4 * MiB);
  });

  it('refuses for good what the server refuses (415 by content), with its message', async () => {
    const tus = fakeTus();
    const notPng = new File([new Uint8Array(3 * MiB)], 'x.png', { type: 'image/png' });
    const error = await uploadBlob({ ...base(tus), kind: 'banner', blob: notPng }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'refused',
      httpStatus: 415,
      message: 'The content of the file is not an allowed type',
    });
  });

  it('sends the file name as UTF-8 base64 metadata', async () => {
    const tus = fakeTus();
    const done = await uploadBlob({ ...base(tus), fileName: 'ป้าย.png', blob: pngBlob(100) });
    expect(done.fileUrl).toBe('/files/f1/ป้าย.png');
  });
});
