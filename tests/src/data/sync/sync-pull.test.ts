import { afterEach, describe, expect, it } from 'vitest';
import { listEntries, mutate } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { applyPull, KEY_SCAN_FROM, readCursors } from '@/data/sync/sync-pull';
import { pullAll } from '@/data/sync/sync-round';
import { httpTransport } from '@/data/sync/transport';
import { faq, testDb } from '../fake-db';
import { engineSetup, eventually, startIdle } from '../fake-engine';
import { httpFailure } from '../fake-server';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

type OnNext = (cursors: Record<string, string>) => void;

/**
 * A server of FAQ pages 0 to `last`, one row each, page n's cursor n + 1. `answering` runs as page n
 * is asked for (it may name the next page through onNext, as the header does); the page answers
 * once what it returns has settled.
 */
function faqPages(last: number, answering: (n: number, onNext?: OnNext) => Promise<void> | void) {
  return {
    push: async () => ({ results: [] }),
    async pull(cursors: Record<string, string>, _limit: number, _signal: AbortSignal, onNext?: OnNext) {
      const n = Number(cursors.Faq || '0');
      await answering(n, onNext);
      const rows = [{ id: crypto.randomUUID(), rev: 1, ...faq(`Page ${n}`) }];
      return { changes: { Faq: { rows, cursor: String(n + 1), more: n < last } } };
    },
  };
}

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

  it('a large page keeps a newer local copy and applies tombstones, reading only the rows that exist', async () => {
    const db = testDb();
    const size = KEY_SCAN_FROM + 50;
    const ids = Array.from({ length: size }, () => crypto.randomUUID());
    const at = '2025-01-01T00:00:00.000Z';
    const row = (i: number, rev: number, extra = {}) => ({
      id: ids[i]!,
      rev,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
      ...faq(`Q${i} r${rev}`),
      ...extra,
    });
    await db.rows('Faq').bulkPut([row(0, 5), row(1, 1), row(2, 1)]);
    const page = ids.map((_, i) => (i === 2 ? row(2, 2, { deletedAt: at }) : row(i, 2)));
    expect(await applyPull(db, { Faq: { rows: page, cursor: '9', more: false } })).toEqual([]);
    expect(await db.rows('Faq').get(ids[0]!)).toMatchObject({ rev: 5, question: 'Q0 r5' }); // ours is newer
    expect(await db.rows('Faq').get(ids[1]!)).toMatchObject({ rev: 2, question: 'Q1 r2' });
    expect(await db.rows('Faq').get(ids[2]!)).toBeUndefined();
    expect(await db.rows('Faq').count()).toBe(size - 1);
    expect((await readCursors(db)).Faq).toBe('9');
    db.close();
  });

  it('applies several resources of several answers in one call: each resource in answer order, unsent rows kept', async () => {
    const db = testDb();
    const at = '2025-01-01T00:00:00.000Z';
    const base = { createdAt: at, updatedAt: at, deletedAt: null };
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const mine = await mutate(db, { resource: 'Department', op: 'create', payload: { name: 'Mine' } });
    const theirs = { id: mine.recordId, rev: 3, name: 'Theirs', ...base };
    const answers = [
      {
        Faq: { rows: [{ id: a, rev: 1, ...base, ...faq('A1') }], cursor: '1', more: true },
        Department: { rows: [{ id: b, rev: 1, name: 'Plant 1', ...base }, theirs], cursor: '2', more: true },
      },
      {
        Faq: { rows: [{ id: a, rev: 2, ...base, ...faq('A2') }], cursor: '3', more: true },
        Department: {
          rows: [{ id: b, rev: 2, name: 'Plant 1', ...base, deletedAt: at }],
          cursor: '4',
          more: false,
        },
      },
    ];
    expect(await applyPull(db, ...answers)).toEqual(['Faq']);
    expect(await db.rows('Faq').get(a)).toMatchObject({ rev: 2, question: 'A2' });
    expect(await db.rows('Department').get(b)).toBeUndefined(); // the second answer's tombstone came last
    expect(await db.rows('Department').get(mine.recordId)).toMatchObject({ name: 'Mine', rev: 0 });
    expect(await listEntries(db)).toEqual([expect.objectContaining({ id: mine.id, serverRow: theirs })]);
    expect(await readCursors(db, ['Faq', 'Department'])).toEqual({ Faq: '3', Department: '4' });
    db.close();
  });

  it('asks for the next page while writing the current one, and applies pages in order', async () => {
    const db = testDb();
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
    const asked: Record<string, string>[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const transport = {
      push: async () => ({ results: [] }),
      async pull(cursors: Record<string, string>) {
        asked.push(cursors);
        const n = Number(cursors.Faq || '0');
        if (n === 1) await held; // the second page answers only once the first is written
        const rows = [{ id: ids[n]!, rev: 1, ...faq(`Page ${n}`) }];
        return { changes: { Faq: { rows, cursor: String(n + 1), more: n < 2 } } };
      },
    };
    const pulling = pullAll({ db, transport, signal: new AbortController().signal });
    await eventually(async () => expect(await db.rows('Faq').count()).toBe(1));
    expect(asked.map((c) => c.Faq)).toEqual(['', '1']); // page 2 asked before page 1 was written
    expect((await readCursors(db)).Faq).toBe('1');
    release();
    expect(await pulling).toEqual({ kind: 'done' });
    expect(asked.map((c) => c.Faq)).toEqual(['', '1', '2']);
    expect((await readCursors(db)).Faq).toBe('3');
    expect(await db.rows('Faq').count()).toBe(3);
    db.close();
  });

  it('asks each page as soon as the one before it is in, and writes the pages that arrived meanwhile in one commit, in order', async () => {
    const db = testDb();
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
    const at = '2025-01-01T00:00:00.000Z';
    const row = (n: number, rev: number, extra = {}) => ({
      id: ids[n]!,
      rev,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
      ...faq(`Q${n} r${rev}`),
      ...extra,
    });
    // Page 2 changes a row of page 1 again and page 3 deletes one of page 2: order matters.
    const pages = [[row(0, 1), row(1, 1)], [row(0, 2), row(2, 1)], [row(2, 2, { deletedAt: at })]];
    const asked: string[] = [];
    const transport = {
      push: async () => ({ results: [] }),
      async pull(cursors: Record<string, string>) {
        const n = Number(cursors.Faq || '0');
        asked.push(cursors.Faq ?? '');
        return { changes: { Faq: { rows: pages[n]!, cursor: String(n + 1), more: n < 2 } } };
      },
    };
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const commits: number[] = [];
    const transaction = db.transaction.bind(db);
    // The first write waits until every page is in; count the pull's writes.
    db.transaction = ((...args: unknown[]) => {
      const stores = args[1] as string[];
      if (Array.isArray(stores) && stores.includes('Faq')) {
        commits.push(asked.length);
        if (commits.length === 1)
          return held.then(() => (transaction as (...a: unknown[]) => unknown)(...args));
      }
      return (transaction as (...a: unknown[]) => unknown)(...args);
    }) as typeof db.transaction;
    const pulling = pullAll({ db, transport, signal: new AbortController().signal });
    // Page 3 is asked while page 1 still waits to be written (one answer waits beside it at most).
    await eventually(() => expect(asked).toEqual(['', '1', '2']));
    expect(await db.rows('Faq').count()).toBe(0);
    release();
    expect(await pulling).toEqual({ kind: 'done' });
    expect(commits).toHaveLength(2); // page 1, then pages 2 and 3 together
    expect(await db.rows('Faq').get(ids[0]!)).toMatchObject({ rev: 2, question: 'Q0 r2' });
    expect(await db.rows('Faq').get(ids[1]!)).toMatchObject({ rev: 1 });
    expect(await db.rows('Faq').get(ids[2]!)).toBeUndefined();
    expect((await readCursors(db)).Faq).toBe('3');
    db.close();
  });
  it('asks for the next page before handing the current one over (onPulled), and hands each over in order', async () => {
    const db = testDb();
    const events: string[] = [];
    const transport = faqPages(2, (n) => {
      events.push(`ask ${n}`);
    });
    const onPulled = (changes: { Faq?: { cursor: string } }) =>
      events.push(`hand over ${Number(changes.Faq?.cursor) - 1}`);
    const pulled = await pullAll({ db, transport, signal: new AbortController().signal, onPulled });
    expect(pulled).toEqual({ kind: 'done' });
    expect(events).toEqual(['ask 0', 'ask 1', 'hand over 0', 'ask 2', 'hand over 1', 'hand over 2']);
    expect(await db.rows('Faq').count()).toBe(3);
    db.close();
  });
  it('asks for the page an answer names in its header before that answer is read, and uses it only if the answer agrees', async () => {
    const db = testDb();
    const events: string[] = [];
    const answers = new Map<number, () => void>();
    const transport = faqPages(2, (n, onNext) => {
      events.push(`ask ${n}`);
      // Page 0's header names page 1; page 1's header names a page its body does not (9).
      if (n < 2) onNext?.({ Faq: String(n === 0 ? 1 : 9) });
      return new Promise<void>((r) => answers.set(n, r));
    });
    const pulling = pullAll({ db, transport, signal: new AbortController().signal });
    await eventually(() => expect(events).toEqual(['ask 0', 'ask 1', 'ask 9']));
    answers.get(0)?.();
    answers.get(1)?.();
    await eventually(() => expect(events).toEqual(['ask 0', 'ask 1', 'ask 9', 'ask 2']));
    answers.get(2)?.();
    expect(await pulling).toEqual({ kind: 'done' });
    expect(await db.rows('Faq').count()).toBe(3);
    expect((await readCursors(db)).Faq).toBe('3');
    db.close();
  });

  it('asks early for no more pages than PULL_AHEAD, however far the headers run ahead', async () => {
    const db = testDb();
    const asked: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const transport = faqPages(9, (n, onNext) => {
      asked.push(n);
      if (n < 9) onNext?.({ Faq: String(n + 1) });
      return held;
    });
    const pulling = pullAll({ db, transport, signal: new AbortController().signal });
    await eventually(() => expect(asked).toEqual([0, 1, 2]));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([0, 1, 2]); // the first page and PULL_AHEAD more, until answers are read
    release();
    expect(await pulling).toEqual({ kind: 'done' });
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await db.rows('Faq').count()).toBe(10);
    db.close();
  });

  it('reads the next cursors from the answer header (httpTransport), and ignores one it cannot read', async () => {
    const seen: Record<string, string>[] = [];
    const answer = (header: string | null) =>
      httpTransport({
        getToken: () => 't',
        fetch: async () =>
          new Response(JSON.stringify({ status: 0, message: 'OK', data: { changes: {} } }), {
            headers: { 'content-type': 'application/json', ...(header ? { 'x-pull-next': header } : {}) },
          }),
      }).pull({}, 10, new AbortController().signal, (c) => seen.push(c));
    await answer('{"Faq":"12","Event":"3"}');
    await answer('not json');
    await answer('{"Faq":12}');
    await answer(null);
    expect(seen).toEqual([{ Faq: '12', Event: '3' }]);
  });
});
