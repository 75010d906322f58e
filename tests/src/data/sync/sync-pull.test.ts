import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { listEntries, mutate } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { readCursors } from '@/data/sync/sync-pull';
import { pullAll } from '@/data/sync/sync-round';
import { faq } from '../fake-db';
import { engineSetup, eventually, startIdle } from '../fake-engine';
import { httpFailure } from '../fake-server';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

const setup = () => {
  const s = engineSetup({ pullLimit: 10 });
  engine = s.engine;
  return s;
};

describe('pull', () => {
  it('pull never overwrites a row with a pending change', async () => {
    const { db, server, transport } = setup();
    const row = server.put('Faq', { id: crypto.randomUUID(), ...faq('Server v1') });
    await db.rows('Faq').put(row);
    const mine = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: row.id, question: 'Mine' },
    });
    const theirs = server.put('Faq', { id: row.id, question: 'Server v2' });
    await pullAll({ db, transport, signal: new AbortController().signal });
    expect(await db.rows('Faq').get(row.id)).toMatchObject({ question: 'Mine', rev: 1, _pending: 1 });
    // The newest server copy is kept on the entry, for a discard.
    expect(await listEntries(db)).toEqual([
      expect.objectContaining({ id: mine.id, state: 'pending', serverRow: theirs }),
    ]);
  });

  it('applies rows and tombstones page by page and keeps the cursor', async () => {
    const { db, server, engine } = setup();
    const rows = Array.from({ length: 25 }, (_, i) =>
      server.put('Faq', { id: crypto.randomUUID(), ...faq(`Q${i}`) }),
    );
    await startIdle(engine);
    expect(await db.rows('Faq').count()).toBe(25);
    expect(server.pulls.filter((c) => 'Faq' in c)).toHaveLength(3); // limit 10: three pages
    // The state reads the time from the database a moment after the round (sync-watch.ts).
    await eventually(() => expect(engine.state.getSnapshot().lastSyncedAt).toEqual(expect.any(String)));

    server.put('Faq', { id: rows[0]!.id, deletedAt: new Date().toISOString() });
    server.put('Faq', { id: rows[1]!.id, question: 'Renamed' });
    const before = server.pulls.length;
    expect((await readCursors(db)).Faq).toBe('25');
    await engine.syncNow();
    expect(server.pulls[before]?.Faq).toBe('25'); // a delta, not everything again
    expect((await readCursors(db)).Faq).toBe('27');
    expect(await db.rows('Faq').get(rows[0]!.id)).toBeUndefined();
    expect(await db.rows('Faq').get(rows[1]!.id)).toMatchObject({ question: 'Renamed', rev: 2 });
    expect(await db.rows('Faq').count()).toBe(24);
  });

  it('a pending local create is never removed by a pull', async () => {
    const { db, server, engine } = setup();
    server.fail(httpFailure(503, 'push down'));
    const created = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Offline') });
    await startIdle(engine);
    expect(await db.rows('Faq').get(created.recordId)).toMatchObject({ question: 'Offline', rev: 0 });
  });
});
