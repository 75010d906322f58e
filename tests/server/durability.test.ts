import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { fsyncCounter } from '../../server/db/durable-nodefs.ts';
import { companies } from '../../server/db/schema.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lac-durable-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) => {
  const res = (await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
  return res.rows[0][name];
};

describe('the embedded database is durable by default', () => {
  it('runs with fsync on and every commit fsyncs its WAL to the disk before it returns', async () => {
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      expect(await setting(database.db, 'fsync')).toBe('on');
      expect(await setting(database.db, 'wal_sync_method')).toBe('fsync');
      expect(await setting(database.db, 'synchronous_commit')).toBe('on');
      expect(await setting(database.db, 'full_page_writes')).toBe('on');
      const before = fsyncCounter.calls;
      for (let i = 0; i < 5; i++)
        await database.db.insert(companies).values({ code: `D${i}`, name: `Durable ${i}` });
      // Each autocommitted insert is one commit and at least one real fs.fsyncSync.
      expect(fsyncCounter.calls - before).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });

  it('with the measuring switch off (bench only), nothing reaches fsync: what PGlite does by default', async () => {
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteFsync: false });
    try {
      expect(await setting(database.db, 'fsync')).toBe('off');
      const before = fsyncCounter.calls;
      await database.db.insert(companies).values({ code: 'NOSYNC', name: 'Not synced' });
      expect(fsyncCounter.calls).toBe(before);
      expect((await database.db.select().from(companies)).length).toBe(6);
    } finally {
      await database.close();
    }
  });
});
