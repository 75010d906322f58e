import '../upload-blobs';
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { uploadsOf } from '@/data/uploads/upload-types';
import { FileRejectedError, stageFile } from '@/data/uploads/uploads';
import { testDb } from '../fake-db';
import { MiB, pngBlob } from '../tus-fake';

const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

describe('file rules before staging', () => {
  it('rejects a wrong type by content before staging', async () => {
    const db = testDb();
    const gif = new File([new Uint8Array([...GIF, ...new Uint8Array(5000)])], 'photo.png', {
      type: 'image/png',
    });
    const reads: [number | undefined, number | undefined][] = [];
    const slice = gif.slice.bind(gif);
    gif.slice = (start, end, type) => {
      reads.push([start, end]);
      return slice(start, end, type);
    };
    gif.arrayBuffer = () => Promise.reject(new Error('read the whole file'));
    const error = await stageFile(db, gif, 'banner').catch((e) => e);
    expect(error).toBeInstanceOf(FileRejectedError);
    expect(error.reason).toBe('type');
    expect(i18n._(error.descriptor)).toBe('Choose a PNG or JPG image under 4 MB.');
    expect(reads).toEqual([[0, 16]]); // only the first bytes were read
    expect(await uploadsOf(db).count()).toBe(0);
    db.close();
  });

  it('rejects a declared type or size outside the kind, and stages a good file queued', async () => {
    const db = testDb();
    const big = pngBlob(4 * MiB, 'big.png');
    await expect(stageFile(db, big, 'banner')).rejects.toMatchObject({ reason: 'size' });
    const pdf = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    await expect(stageFile(db, pdf, 'banner')).rejects.toMatchObject({ reason: 'type' });
    const { ref } = await stageFile(db, pngBlob(1000), 'banner');
    expect(await uploadsOf(db).get(ref.slice('blob:'.length))).toMatchObject({
      kind: 'banner',
      size: 1000,
      state: 'queued',
      offset: 0,
      name: 'banner.png',
    });
    db.close();
  });
});
