import { afterEach, describe, expect, it, vi } from 'vitest';
import { listEntries, mutate } from '@/data/outbox/outbox';
import {
  type FirstSyncMessage,
  prepareFirstSync,
  startFirstSync,
  stopFirstSync,
  whenFirstSyncEnds,
} from '@/data/sync/first-sync';
import { firstSync } from '@/data/sync/first-sync-round';
import { endedBefore, incomingRows, readGeneration } from '@/data/sync/incoming-rows';
import { readCursors } from '@/data/sync/sync-pull';
import { faq, localRow, testDb } from '../fake-db';
import { fakeServer } from '../fake-server';

/** Web Locks in memory, enough for `ifAvailable` (what the first sync asks for). */
function memoryLockManager() {
  const held = new Set<string>();
  const request = async (name: string, _options: LockOptions, work: (lock: Lock | null) => unknown) => {
    if (held.has(name)) return work(null);
    held.add(name);
    try {
      return await work({ name, mode: 'exclusive' });
    } finally {
      held.delete(name);
    }
  };
  return { held, locks: { request } as unknown as LockManager };
}

describe('first sync after a sign-in (first-sync-round.ts)', () => {
  it('sends what was kept unsent, then pulls every row and cursor, holding the drain lock', async () => {
    const db = testDb();
    const { server, transport } = fakeServer();
    for (let i = 0; i < 3; i++) server.put('Faq', { id: `f${i}`, ...faq(`Question ${i}`) });
    const kept = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Kept from before') });
    const { held, locks } = memoryLockManager();
    let lockedDuringPull = false;
    const pull = transport.pull;
    transport.pull = (...args) => {
      lockedDuringPull = held.has(`console-drain:${db.name}`);
      return pull(...args);
    };

    expect(await firstSync(db, { transport, locks })).toEqual({ kind: 'done' });

    expect(server.applied).toEqual([kept.id]);
    expect(await listEntries(db)).toEqual([]);
    const questions = (await db.rows('Faq').toArray()).map((r) => r.question).sort();
    expect(questions).toEqual(['Kept from before', 'Question 0', 'Question 1', 'Question 2']);
    expect((await readCursors(db)).Faq).not.toBe('');
    expect(lockedDuringPull).toBe(true);
    expect(held.size).toBe(0);
    db.close();
  });

  it('hands each answer over as it arrives, without rows whose changes are still unsent', async () => {
    const db = testDb();
    const { server, transport } = fakeServer();
    const refused = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Refused here') });
    server.reject = () => 'The question is too long'; // parked: stays unsent after the push
    server.put('Faq', { id: refused.recordId, ...faq('Server copy') });
    server.put('Faq', { id: 'f2', ...faq('Only on the server') });
    const answers: Record<string, { rows: Record<string, unknown>[] }>[] = [];

    const outcome = await firstSync(db, {
      transport,
      locks: memoryLockManager().locks,
      onPulled: (changes) => answers.push(changes),
    });

    expect(outcome).toEqual({ kind: 'done' });
    expect((await listEntries(db)).map((e) => e.state)).toEqual(['parked']);
    expect(answers.flatMap((a) => a.Faq?.rows ?? []).map((r) => r.question)).toEqual(['Only on the server']);
    expect((await db.rows('Faq').get(refused.recordId))?.question).toBe('Refused here');
    db.close();
  });

  it('leaves the database to another holder of the drain lock, and syncs nothing without Web Locks', async () => {
    const db = testDb();
    const { server, transport } = fakeServer();
    server.put('Faq', { id: 'f1', ...faq('On the server') });
    const { held, locks } = memoryLockManager();
    held.add(`console-drain:${db.name}`); // another tab of this user drains

    expect(await firstSync(db, { transport, locks })).toEqual({ kind: 'skipped' });
    expect(await firstSync(db, { transport, locks: undefined })).toEqual({ kind: 'skipped' });
    expect(server.pulls).toEqual([]);
    expect(await db.rows('Faq').count()).toBe(0);
    db.close();
  });
});

describe('the first sync worker (first-sync.ts)', () => {
  const workers: FakeWorker[] = [];
  class FakeWorker {
    url: string;
    posted: unknown[] = [];
    terminated = false;
    onmessage: ((e: MessageEvent) => void) | null = null;
    onerror: ((e: ErrorEvent) => void) | null = null;
    constructor(url: URL | string) {
      this.url = String(url);
      workers.push(this);
    }
    postMessage(data: unknown) {
      this.posted.push(data);
    }
    terminate() {
      this.terminated = true;
    }
  }
  afterEach(() => {
    stopFirstSync();
    workers.length = 0;
    vi.unstubAllGlobals();
  });
  const request = { companyID: 'c1', userID: 'u1', token: 'tok' };

  it('loads the worker while the admin types, gives it the sign-in, and says when it ends', () => {
    vi.stubGlobal('Worker', FakeWorker);
    prepareFirstSync();
    prepareFirstSync(); // every focus in the form: still one worker
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toMatch(/first-sync-worker/);
    expect(whenFirstSyncEnds(() => {})).toBe(false); // loaded, not started

    startFirstSync(request);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted).toEqual([request]);
    const ended = vi.fn();
    expect(whenFirstSyncEnds(ended)).toBe(true);

    const db = `db-${crypto.randomUUID()}`;
    const tell = (data: FirstSyncMessage) => workers[0]!.onmessage!(new MessageEvent('message', { data }));
    tell({ kind: 'pulled', dbName: db, changes: { Faq: { rows: [localRow('p1', faq('Pulled'))] } } });
    expect(incomingRows(db, 'Faq').map((r) => r.question)).toEqual(['Pulled']);
    tell({ kind: 'ended', outcome: 'done' });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(endedBefore(db, readGeneration())).toBe(true); // stored: lists read their tables again
    expect(incomingRows(db, 'Faq')).toHaveLength(1); // kept for lists still reading
    expect(workers[0]!.terminated).toBe(true);
    expect(whenFirstSyncEnds(() => {})).toBe(false);
  });

  it('a sign-out ends a running first sync; a new sign-in replaces it', () => {
    vi.stubGlobal('Worker', FakeWorker);
    startFirstSync(request);
    const ended = vi.fn();
    whenFirstSyncEnds(ended);
    const db = `db-${crypto.randomUUID()}`;
    workers[0]!.onmessage!(
      new MessageEvent('message', {
        data: { kind: 'pulled', dbName: db, changes: { Faq: { rows: [localRow('p1', faq('Pulled'))] } } },
      }),
    );
    startFirstSync({ ...request, token: 'tok2' });
    expect(workers[0]!.terminated).toBe(true);
    expect(incomingRows(db, 'Faq')).toEqual([]); // cut short: not all stored, so gone at once
    expect(ended).toHaveBeenCalledTimes(1);
    expect(workers[1]!.posted).toEqual([{ ...request, token: 'tok2' }]);

    stopFirstSync();
    expect(workers[1]!.terminated).toBe(true);
    expect(whenFirstSyncEnds(() => {})).toBe(false);
  });
});
