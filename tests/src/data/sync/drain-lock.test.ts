import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '@/data/db/local-db';
import { listEntries, mutate } from '@/data/outbox/outbox';
import { drainLockFor, soloDrainLock, webDrainLock } from '@/data/sync/drain-lock';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { faq } from '../fake-db';
import { engineSetup, eventually, startIdle } from '../fake-engine';
import { memoryLocks } from '../fake-server';

let engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines) await e.stop();
  for (const e of engines) e.db.close();
  engines = [];
});

describe('drain lock', () => {
  it('only the lock holder drains', async () => {
    const lock = memoryLocks();
    const user = `u-${crypto.randomUUID()}`;
    // Two tabs: two connections to the same database, one lock name.
    const tabA = engineSetup({ db: openLocalDb('c1', user), lock: lock() });
    const tabB = engineSetup({ db: openLocalDb('c1', user), lock: lock() });
    engines = [tabA.engine, tabB.engine];
    await startIdle(tabA.engine);
    tabB.engine.start();

    const fromB = await mutate(tabB.db, { resource: 'Faq', op: 'create', payload: faq('Written in tab B') });
    await eventually(async () => expect(await listEntries(tabA.db)).toEqual([]));
    expect(tabA.server.applied).toEqual([fromB.id]); // tab B wrote, tab A sent it
    await tabB.engine.syncNow();
    expect(tabB.server.pushes).toEqual([]);
    expect(tabB.engine.state.getSnapshot()).toMatchObject({ leader: false });

    await tabA.engine.stop(); // the drainer tab closes: the waiting tab takes over
    const later = await mutate(tabB.db, { resource: 'Faq', op: 'create', payload: faq('After A closed') });
    await eventually(async () => expect(tabB.server.applied).toEqual([later.id]));
    expect(tabB.engine.state.getSnapshot().leader).toBe(true);
  });

  it('Web Locks: a second tab waits until the first releases', async () => {
    const held: string[] = [];
    const queue: (() => Promise<void>)[] = [];
    let busy = false;
    const locks = {
      request: (name: string, _opts: unknown, cb: () => Promise<void>) => {
        const run = async () => {
          busy = true;
          held.push(name);
          await cb();
          busy = false;
          await queue.shift()?.();
        };
        if (busy) queue.push(run);
        else void run();
        return Promise.resolve();
      },
    } as unknown as LockManager;
    const first = await webDrainLock('console-drain:x', locks).acquire(new AbortController().signal);
    let second = false;
    void webDrainLock('console-drain:x', locks)
      .acquire(new AbortController().signal)
      .then(() => (second = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(second).toBe(false);
    first();
    await eventually(() => expect(second).toBe(true));
    expect(held).toEqual(['console-drain:x', 'console-drain:x']);
  });

  it('without Web Locks this tab drains', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const release = await drainLockFor('console:c1:u1').acquire(new AbortController().signal);
    expect(release).toBeTypeOf('function');
    vi.unstubAllGlobals();
    const aborted = new AbortController();
    aborted.abort();
    await expect(soloDrainLock().acquire(aborted.signal)).rejects.toBeDefined();
  });
});
