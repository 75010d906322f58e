import { describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '@/data/db/local-db';
import { listEntries, mutate } from '@/data/outbox/outbox';
import { selectBatch } from '@/data/sync/sync-push';
import { uploadPending } from '@/data/uploads/upload-queue';
import { ORPHAN_GRACE_MS, pruneOrphanBlobs } from '@/data/uploads/upload-refs';
import { uploadsOf } from '@/data/uploads/upload-types';
import { stageFile } from '@/data/uploads/uploads';
import { faq, testDb } from '../fake-db';
import { MiB, pngBlob } from '../tus-fake';
import { saveBannerWithFile, uploadSetup } from '../upload-fixtures';

describe('upload queue and record gating', () => {
  it('a record that references a file is sent only after its upload finished', async () => {
    const db = testDb();
    const s = uploadSetup(db);
    const { entry } = await saveBannerWithFile(db);
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Other record') });
    expect((await selectBatch(db, 10)).map((e) => e.resource)).toEqual(['Faq']);

    s.tus.offline = true;
    expect((await s.round()).kind).toBe('transient');
    expect(s.server.table('Faq').size).toBe(1); // other records are not held by the file
    expect(s.server.table('Banner').size).toBe(0);

    s.tus.offline = false;
    s.timeline.length = 0;
    expect((await s.round()).kind).toBe('done');
    const banner = s.server.table('Banner').get(entry.recordId);
    expect(banner?.image).toBe('/files/f1/banner.png');
    expect(s.timeline.indexOf('push Banner')).toBeGreaterThan(s.timeline.lastIndexOf('tus PATCH'));
    expect(await listEntries(db)).toEqual([]);
    db.close();
  });

  it('a record that names a record whose create waits for its file waits too, transitively', async () => {
    const db = testDb();
    const picture = await stageFile(db, pngBlob(MiB), 'cover');
    const main = crypto.randomUUID();
    const sub = crypto.randomUUID();
    const article = crypto.randomUUID();
    await mutate(db, {
      resource: 'Topic',
      op: 'create',
      payload: { id: main, title: 'Main', background: picture.ref },
    });
    await mutate(db, { resource: 'Topic', op: 'create', payload: { id: sub, title: 'Sub', parentId: main } });
    await mutate(db, {
      resource: 'Article',
      op: 'create',
      payload: { id: article, title: 'Read me', topicId: sub, body: 'Text' },
    });
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Unrelated') });
    expect((await selectBatch(db, 10)).map((e) => e.resource)).toEqual(['Faq']);
    db.close();
  });

  it('the file URL replaces the blob reference in the entry and the row atomically', async () => {
    const db = testDb();
    const s = uploadSetup(db);
    const { ref, entry } = await saveBannerWithFile(db);
    const id = ref.slice('blob:'.length);
    const rows = db.rows('Banner');
    const failRow = () => {
      throw new Error('disk trouble');
    };
    rows.hook('updating', failRow); // the row write fails inside the swap's transaction
    rows.hook('creating', failRow);
    await expect(uploadPending(db, 'tok-1', new AbortController().signal, s.options)).rejects.toThrow();
    expect((await db.outbox.get(entry.seq!))?.payload.image).toBe(ref);
    expect((await rows.get(entry.recordId))?.image).toBe(ref);
    expect((await uploadsOf(db).get(id))?.state).toBe('uploading'); // not done: nothing half-applied

    rows.hook('updating').unsubscribe(failRow);
    rows.hook('creating').unsubscribe(failRow);
    expect(await uploadPending(db, 'tok-1', new AbortController().signal, s.options)).toEqual({
      kind: 'done',
      uploaded: 1,
    });
    expect(s.tus.log.filter((l) => l.startsWith('POST'))).toHaveLength(1); // the finished upload was reused
    expect((await db.outbox.get(entry.seq!))?.payload.image).toBe('/files/f1/banner.png');
    expect((await rows.get(entry.recordId))?.image).toBe('/files/f1/banner.png');
    const done = await uploadsOf(db).get(id);
    expect(done).toMatchObject({ state: 'done', fileUrl: '/files/f1/banner.png' });
    expect(done?.blob.size).toBe(0); // the bytes are on the server now
    db.close();
  });

  it('a refused upload parks the dependent entry with the server message', async () => {
    const db = testDb();
    const s = uploadSetup(db);
    const { ref, entry } = await saveBannerWithFile(db);
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Still goes') });
    s.tus.refuse = { status: 415, message: 'The file is not a PNG or JPG image.' };
    expect((await s.round()).kind).toBe('done');
    const parked = await db.outbox.get(entry.seq!);
    expect(parked).toMatchObject({
      state: 'parked',
      problem: { httpStatus: 415, message: 'The file is not a PNG or JPG image.' },
    });
    expect((await uploadsOf(db).get(ref.slice(5)))?.state).toBe('failed');
    expect(s.server.table('Faq').size).toBe(1);
    expect(s.server.table('Banner').size).toBe(0);
    db.close();
  });

  it('a queued upload survives closing the tab and resumes from the server offset', async () => {
    const name = `c1:u-${crypto.randomUUID()}`;
    let db = openLocalDb('c1', name.split(':')[1]!);
    const s = uploadSetup(db);
    const { ref, entry } = await saveBannerWithFile(db, 3 * MiB + 5);
    s.tus.cutAfter = 3; // the tab closes while the 3rd slice's answer is on its way
    expect((await uploadPending(db, 'tok-1', new AbortController().signal, s.options)).kind).toBe(
      'transient',
    );
    // The upload URL is kept at once; the offset only as progress (at most once a second), since
    // a resume asks the server for it.
    const kept = await uploadsOf(db).get(ref.slice(5));
    expect(kept).toMatchObject({ state: 'uploading' });
    expect(kept?.uploadUrl).toBeTruthy();
    expect(kept?.offset).toBeLessThanOrEqual(2 * MiB);
    db.close();

    db = openLocalDb('c1', name.split(':')[1]!); // the next open
    s.tus.offline = false;
    s.tus.cutAfter = Number.POSITIVE_INFINITY;
    s.tus.log.length = 0;
    const outcome = await uploadPending(db, 'tok-1', new AbortController().signal, s.options);
    expect(outcome).toEqual({ kind: 'done', uploaded: 1 });
    expect(s.tus.log[0]).toMatch(/^HEAD /);
    expect(s.tus.bytesReceived).toBe(3 * MiB + 5);
    expect((await db.outbox.get(entry.seq!))?.payload.image).toBe('/files/f1/banner.png');
    db.close();
  });
});

describe('files left behind', () => {
  it('frees a file staged by a form that was closed, and an uploaded one, but never one still named', async () => {
    const db = testDb();
    const s = uploadSetup(db);
    const { ref: abandoned } = await stageFile(db, pngBlob(MiB), 'banner');
    const { ref: queued } = await saveBannerWithFile(db, MiB);
    const { ref: fresh } = await stageFile(db, pngBlob(MiB), 'banner');
    const later = Date.now() + ORPHAN_GRACE_MS + 1;
    const idOf = (ref: string) => ref.slice('blob:'.length);
    // Backdate the first: a form closed yesterday. The third is a form open right now.
    await uploadsOf(db).update(idOf(abandoned), { createdAt: 0 });
    await uploadsOf(db).update(idOf(fresh), { createdAt: later });
    expect(await pruneOrphanBlobs(db, later)).toBe(1);
    expect(await uploadsOf(db).get(idOf(abandoned))).toBeUndefined();
    expect(await uploadsOf(db).get(idOf(queued))).toBeDefined(); // a pending banner still names it
    expect(await uploadsOf(db).get(idOf(fresh))).toBeDefined();

    expect((await s.round()).kind).toBe('done'); // uploaded, and the URL replaced the ref
    expect(await pruneOrphanBlobs(db, later)).toBe(1);
    expect(await uploadsOf(db).get(idOf(queued))).toBeUndefined();
    db.close();
  });

  it('walks the rows (a transaction that holds up every read) only when a staged file is old enough', async () => {
    const db = testDb();
    await saveBannerWithFile(db);
    const pass = vi.spyOn(db, 'transaction');
    expect(await pruneOrphanBlobs(db)).toBe(0); // staged just now
    expect(pass).not.toHaveBeenCalled();
    expect(await pruneOrphanBlobs(db, Date.now() + ORPHAN_GRACE_MS + 1)).toBe(0); // the pending banner names it
    expect(pass).toHaveBeenCalledTimes(1);
    db.close();
  });
});
