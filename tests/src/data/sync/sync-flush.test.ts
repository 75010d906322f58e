import { afterEach, describe, expect, it } from 'vitest';
import { clearAllButOutbox } from '@/data/db/local-clear';
import { listEntries, mutate, pendingCount } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { tryFlush } from '@/data/sync/sync-flush';
import { readCursors } from '@/data/sync/sync-pull';
import { faq } from '../fake-db';
import { engineSetup, startIdle } from '../fake-engine';
import { httpFailure } from '../fake-server';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

describe('sign-out with pending changes', () => {
  it('tries to send them and reports none left when it could', async () => {
    const s = engineSetup();
    engine = s.engine;
    await startIdle(s.engine);
    s.server.fail(httpFailure(503, 'Busy')); // the write-triggered push fails; tryFlush retries at once
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('A') });
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('B') });
    expect(await pendingCount(s.db)).toBe(2);
    expect(await tryFlush(s.engine, 2_000)).toBe(0);
    expect(s.server.applied).toHaveLength(2);
  });

  it('keeps only the outbox (and the rows it changed) when it cannot send them', async () => {
    const s = engineSetup();
    engine = s.engine;
    const cached = s.server.put('Faq', { id: crypto.randomUUID(), ...faq('Cached') });
    await startIdle(s.engine);
    s.server.fail(...Array.from({ length: 5 }, () => httpFailure(0, 'Offline')));
    const unsent = await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Unsent') });
    const started = Date.now();
    expect(await tryFlush(s.engine, 5_000)).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000); // a failed round ends the wait early
    await s.engine.stop();
    await clearAllButOutbox(s.db);
    expect(await listEntries(s.db)).toEqual([expect.objectContaining({ id: unsent.id })]);
    expect(await s.db.rows('Faq').get(cached.id)).toBeUndefined();
    expect(await s.db.rows('Faq').get(unsent.recordId)).toMatchObject({ question: 'Unsent' });
    expect((await readCursors(s.db)).Faq).toBe('');
  });

  it('does not wait while offline', async () => {
    const s = engineSetup({ isOnline: () => false });
    engine = s.engine;
    s.engine.start();
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Offline') });
    const started = Date.now();
    expect(await tryFlush(s.engine, 5_000)).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
