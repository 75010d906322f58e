import { afterEach, describe, expect, it } from 'vitest';
import { listEntries } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { uploadPending } from '@/data/uploads/upload-queue';
import { testDb } from '../fake-db';
import { engineSetup, eventually, startIdle } from '../fake-engine';
import { fakeTus, MiB } from '../tus-fake';
import { saveBannerWithFile } from '../upload-fixtures';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

describe('uploads in the sync engine', () => {
  it('a saved record with a new file is uploaded, then sent, by the draining tab', async () => {
    const tus = fakeTus();
    const db = testDb();
    const options = { fetch: tus.fetch, sliceBytes: MiB, sleep: async () => {} };
    const s = engineSetup({ db, uploads: (d, signal) => uploadPending(d, 'tok-1', signal, options) });
    engine = s.engine;
    await startIdle(s.engine);
    const { entry } = await saveBannerWithFile(db, 2 * MiB + 1);
    await eventually(async () => expect(await listEntries(db)).toEqual([]));
    expect(s.server.table('Banner').get(entry.recordId)?.image).toBe('/files/f1/banner.png');
    expect((await db.rows('Banner').get(entry.recordId))?.image).toBe('/files/f1/banner.png');
    expect(tus.bytesReceived).toBe(2 * MiB + 1);
  });
});
