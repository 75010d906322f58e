import { describe, expect, it } from 'vitest';
import { fileRefsOf, replaceFileRef } from '#contract/file-refs.ts';

const def = {
  files: { cover: 'cover', attachments: 'file' },
  listFiles: { videos: { file: 'video', thumbnail: 'cover' } },
} as const;

describe('file references of a record', () => {
  const data = {
    cover: 'blob:a',
    attachments: ['/files/1/x.pdf', '', 'blob:b'],
    videos: [{ file: 'blob:c', thumbnail: '' }, { file: '/files/2/v.mp4', thumbnail: 'blob:a' }, null],
    title: 'blob:z',
  };

  it('lists a field, each item of a list and the file fields of each list object, skipping empties', () => {
    expect(fileRefsOf(def, data)).toEqual([
      { path: 'cover', kind: 'cover', url: 'blob:a' },
      { path: 'attachments.0', kind: 'file', url: '/files/1/x.pdf' },
      { path: 'attachments.2', kind: 'file', url: 'blob:b' },
      { path: 'videos.0.file', kind: 'video', url: 'blob:c' },
      { path: 'videos.1.file', kind: 'video', url: '/files/2/v.mp4' },
      { path: 'videos.1.thumbnail', kind: 'cover', url: 'blob:a' },
    ]);
  });

  it('replaces a reference wherever it is and returns only the changed fields', () => {
    const out = replaceFileRef(def, data, 'blob:a', '/files/9/a.png');
    expect(Object.keys(out).sort()).toEqual(['cover', 'videos']);
    expect(out.cover).toBe('/files/9/a.png');
    expect((out.videos as { thumbnail: string }[])[1]!.thumbnail).toBe('/files/9/a.png');
    expect((out.videos as unknown[])[0]).toBe(data.videos[0]);
    expect(replaceFileRef(def, data, 'blob:c', '/files/3/c.mp4').videos).toEqual([
      { file: '/files/3/c.mp4', thumbnail: '' },
      data.videos[1],
      null,
    ]);
    expect(replaceFileRef(def, data, 'blob:none', 'x')).toEqual({});
  });
});
