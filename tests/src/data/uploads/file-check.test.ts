import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { acceptOf, checkFile, fileProblemMessage, typeNamesOf } from '@/data/uploads/file-check';
import { uploadsOf } from '@/data/uploads/upload-types';
import { FileRejectedError, stageFile } from '@/data/uploads/uploads';
import { testDb } from '../fake-db';
import { MiB, pngBlob } from '../tus-fake';

const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const MP4 = [0, 0, 0, 0x20, ...[...'ftypisom'].map((c) => c.charCodeAt(0))];
const file = (bytes: number[], name: string, size = 5000, type = '') =>
  new File([new Uint8Array([...bytes, ...new Uint8Array(size - bytes.length)])], name, { type });
const heightIs = (h: number | null) => ({ heightOf: async () => h });

describe('the file check', () => {
  it('refuses by extension, size, content and picture height, in that order', async () => {
    expect(await checkFile('banner', file(GIF, 'photo.pdf'))).toBe('extension');
    expect(await checkFile('banner', file(GIF, 'no-extension'))).toBe('extension');
    expect(await checkFile('banner', pngBlob(4 * MiB, 'big.png'))).toBe('size');
    expect(await checkFile('banner', file(GIF, 'photo.png'))).toBe('content');
    expect(await checkFile('banner', pngBlob(1000, 'ok.PNG'))).toBeNull();
    expect(await checkFile('image', file(GIF, 'anim.gif'))).toBeNull();
    expect(await checkFile('video', file(MP4, 'walk.mp4'), heightIs(720))).toBe('dimensions');
    expect(await checkFile('video', file(MP4, 'walk.mp4'), heightIs(360))).toBeNull();
    // A height the browser cannot read is left to the server.
    expect(await checkFile('video', file(MP4, 'walk.mp4'), heightIs(null))).toBeNull();
  });

  it('refuses a picture the browser cannot decode, after its content type, and only for picture kinds', async () => {
    const decodes = (answer: boolean | null) => ({ decodes: async () => answer });
    expect(await checkFile('banner', pngBlob(1000, 'a.png'), decodes(false))).toBe('damaged');
    expect(await checkFile('image', file(GIF, 'anim.gif'), decodes(false))).toBe('damaged');
    expect(await checkFile('banner', file(GIF, 'photo.png'), decodes(false))).toBe('content');
    expect(await checkFile('banner', pngBlob(1000, 'a.png'), decodes(true))).toBeNull();
    // No decoder here (a worker without createImageBitmap): the server decides.
    expect(await checkFile('banner', pngBlob(1000, 'a.png'), decodes(null))).toBeNull();
    // A general file is a download, not shown: a PNG in it is not decoded.
    expect(await checkFile('file', pngBlob(1000, 'a.png'), decodes(false))).toBeNull();
  });

  it('takes Office Open XML files (ZIP by content) as files', async () => {
    const zip = [0x50, 0x4b, 0x03, 0x04];
    expect(await checkFile('file', file(zip, 'plan.docx'))).toBeNull();
    expect(await checkFile('file', file(zip, 'plan.exe'))).toBe('extension');
  });

  it('says one sentence per rule, the same wherever a file is picked', () => {
    const say = (p: Parameters<typeof fileProblemMessage>[0], k: Parameters<typeof fileProblemMessage>[1]) =>
      i18n._(fileProblemMessage(p, k));
    expect(say('extension', 'banner')).toBe('Please choose a PNG, JPG file.');
    expect(say('size', 'banner')).toBe('The file must be smaller than 4 MB.');
    expect(say('content', 'cover')).toBe(
      'This file is not really a PNG, JPG file: its content does not match its name. Please choose another file.',
    );
    expect(say('damaged', 'banner')).toBe(
      'This picture cannot be shown: its content is damaged or is not a real picture. Please choose another file.',
    );
    expect(say('dimensions', 'video')).toBe(
      'The video must be less than 720 pixels high. Please choose a smaller video.',
    );
    expect(typeNamesOf('image')).toEqual(['PNG', 'JPG', 'GIF', 'BMP']);
    expect(acceptOf('cover')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
  });
});

describe('staging a picked file', () => {
  it('reads only the first bytes to refuse a wrong content, and stages nothing', async () => {
    const db = testDb();
    const gif = file(GIF, 'photo.png', 5000, 'image/png');
    const reads: [number | undefined, number | undefined][] = [];
    const slice = gif.slice.bind(gif);
    gif.slice = (start, end, type) => {
      reads.push([start, end]);
      return slice(start, end, type);
    };
    gif.arrayBuffer = () => Promise.reject(new Error('read the whole file'));
    const error = await stageFile(db, gif, 'banner').catch((e) => e);
    expect(error).toBeInstanceOf(FileRejectedError);
    expect(error.reason).toBe('content');
    expect(i18n._(error.descriptor)).toMatch(/^This file is not really a PNG, JPG file/);
    expect(reads).toEqual([[0, 16]]);
    expect(await uploadsOf(db).count()).toBe(0);
    db.close();
  });

  it('refuses a file too large or of another kind, and stages a good one queued', async () => {
    const db = testDb();
    await expect(stageFile(db, pngBlob(4 * MiB, 'big.png'), 'banner')).rejects.toMatchObject({
      reason: 'size',
    });
    const pdf = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    await expect(stageFile(db, pdf, 'banner')).rejects.toMatchObject({ reason: 'extension' });
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
