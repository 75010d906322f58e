import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearAllButOutbox } from '@/data/db/local-clear';
import { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import {
  readAllRows,
  SNAPSHOT_CHUNK_ROWS,
  SNAPSHOT_MIN_ROWS,
  writeSnapshot,
} from '@/data/db/table-snapshots';
import { useResourceList } from '@/data/db/use-resource';
import { mutate } from '@/data/outbox/outbox';
import { faq, localRow } from '../fake-db';

const ROWS = SNAPSHOT_CHUNK_ROWS * 2 + 7;
const rowsOf = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => localRow(`r${String(from + i).padStart(5, '0')}`, faq(`Q${from + i}`)));

/** A database of ROWS FAQ rows with a current snapshot, and its name for a second connection. */
async function withSnapshot() {
  const name = `console:c1:u-${crypto.randomUUID()}`;
  const db = new LocalDb(name);
  await db.rows('Faq').bulkPut(rowsOf(ROWS));
  const { stamp } = await stampOf(db);
  expect(await writeSnapshot(db, 'Faq', stamp, await db.rows('Faq').toArray())).toBe(true);
  return { db, name };
}

const stampOf = async (db: LocalDb) =>
  ((await db.snapshots.get('Faq')) as { stamp: string; chunks: number } | undefined) ?? {
    stamp: null,
    chunks: 0,
  };

/** Writes a row straight to IndexedDB, past Dexie and its stamps: what a snapshot read would miss. */
function writeUnstamped(name: string, row: LocalRow) {
  return new Promise<void>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => {
      const tx = open.result.transaction('Faq', 'readwrite');
      tx.objectStore('Faq').put(row);
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** A new connection, so nothing is held in memory from the first one. */
async function freshRead(name: string) {
  const db = new LocalDb(name);
  try {
    return await readAllRows(db, 'Faq');
  } finally {
    db.close();
  }
}

describe('table snapshots', () => {
  it('keeps a large table in chunks and reads them instead of the table while they are current', async () => {
    const { db, name } = await withSnapshot();
    expect(await stampOf(db)).toMatchObject({ chunks: 3 });
    db.close();
    // Proof the chunks are what is read: a row written past the stamps is not in them.
    await writeUnstamped(name, localRow('zz-unstamped', faq('Unstamped')));
    const rows = await freshRead(name);
    expect(rows).toHaveLength(ROWS);
    // The resource's default order (newest send date first); the same date keeps the table's order.
    expect(rows.map((r) => r.id)).toEqual(rowsOf(ROWS).map((r) => r.id));
    expect(rows.some((r) => r.id === 'zz-unstamped')).toBe(false);
  });

  it("keeps the rows in the resource's default order, which the list's first sort then keeps", async () => {
    const name = `console:c1:u-${crypto.randomUUID()}`;
    const db = new LocalDb(name);
    // Keys in one order, send dates in another: FAQs list newest send date first.
    const rows = Array.from({ length: SNAPSHOT_MIN_ROWS }, (_, i) =>
      localRow(
        `r${String(i).padStart(5, '0')}`,
        faq(`Q${i}`, { sendDate: `2025-01-${String((i % 28) + 1).padStart(2, '0')}` }),
      ),
    );
    await db.rows('Faq').bulkPut(rows);
    const { stamp } = await stampOf(db);
    expect(await writeSnapshot(db, 'Faq', stamp, await db.rows('Faq').toArray())).toBe(true);
    db.close();
    const read = await freshRead(name);
    const dates = read.map((r) => r.sendDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(read.map((r) => r.id)).not.toEqual(rows.map((r) => r.id));
    expect(new Set(read.map((r) => r.id))).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('is not used after any write to its table: put, update, delete, clear, or in a wider transaction', async () => {
    const { db, name } = await withSnapshot();
    const writes: [string, () => Promise<unknown>, (rows: LocalRow[]) => boolean][] = [
      [
        'put',
        () => db.rows('Faq').put(localRow('new-1', faq('New'))),
        (r) => r.some((x) => x.id === 'new-1'),
      ],
      [
        'update',
        () => db.rows('Faq').update('r00003', { question: 'Changed' }),
        (r) => r.find((x) => x.id === 'r00003')?.question === 'Changed',
      ],
      ['delete', () => db.rows('Faq').delete('r00004'), (r) => !r.some((x) => x.id === 'r00004')],
      [
        'transaction',
        () =>
          db.transaction('rw', [db.rows('Faq'), db.outbox, db.meta], async () => {
            await db.meta.put({ key: 'x', value: 1 });
            await db.rows('Faq').put(localRow('new-2', faq('In a transaction')));
          }),
        (r) => r.some((x) => x.id === 'new-2'),
      ],
      [
        'outbox',
        () => mutate(db, { resource: 'Faq', op: 'create', payload: faq('Queued') }),
        (r) => r.some((x) => x.question === 'Queued'),
      ],
      ['clear', () => db.rows('Faq').clear(), (r) => r.length === 0],
    ];
    for (const [what, write, seen] of writes) {
      await write();
      expect(seen(await freshRead(name)), what).toBe(true);
      expect(seen(await readAllRows(db, 'Faq')), `${what}, same connection`).toBe(true);
    }
    db.close();
  });

  it('an empty write (a sync page with nothing for this table) keeps the stamp and the snapshot', async () => {
    const { db, name } = await withSnapshot();
    const before = await stampOf(db);
    await db.rows('Faq').bulkPut([]);
    await db.rows('Faq').bulkDelete([]);
    expect(await stampOf(db)).toEqual(before);
    await writeUnstamped(name, localRow('zz-unstamped', faq('Unstamped')));
    expect((await freshRead(name)).some((r) => r.id === 'zz-unstamped')).toBe(false); // still the snapshot
    db.close();
  });

  it('a write that fails leaves the stamp, so the snapshot still matches the table', async () => {
    const { db, name } = await withSnapshot();
    const before = await stampOf(db);
    await expect(
      db.transaction('rw', db.rows('Faq'), async () => {
        await db.rows('Faq').put(localRow('rolled-back', faq('Never')));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await stampOf(db)).toEqual(before);
    expect((await freshRead(name)).some((r) => r.id === 'rolled-back')).toBe(false);
    db.close();
  });

  it('is not written from rows read before a later write', async () => {
    const db = new LocalDb(`console:c1:u-${crypto.randomUUID()}`);
    await db.rows('Faq').bulkPut(rowsOf(SNAPSHOT_MIN_ROWS));
    const { stamp } = await stampOf(db);
    const rows = await db.rows('Faq').toArray();
    await db.rows('Faq').put(localRow('later', faq('Later')));
    expect(await writeSnapshot(db, 'Faq', stamp, rows)).toBe(false);
    expect((await stampOf(db)).chunks).toBe(0);
    db.close();
  });

  it('a sign-out that keeps the outbox drops the snapshots and moves the stamps, never back', async () => {
    const { db, name } = await withSnapshot();
    const held = await readAllRows(db, 'Faq'); // now also held in memory at the snapshot's stamp
    expect(held).toHaveLength(ROWS);
    const unsent = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Unsent') });
    await clearAllButOutbox(db);
    const chunks = await db.snapshots.filter((e) => 'rows' in e).count();
    expect(chunks).toBe(0);
    expect((await stampOf(db)).stamp).not.toBeNull();
    expect((await readAllRows(db, 'Faq')).map((r) => r.id)).toEqual([unsent.recordId]);
    expect((await freshRead(name)).map((r) => r.id)).toEqual([unsent.recordId]);
    db.close();
  });

  it('a live list of a large table follows writes made after its snapshot', async () => {
    const { db } = await withSnapshot();
    const list = renderHook(() => useResourceList(db, 'Faq', { search: 'fresh' }));
    await waitFor(() => expect(list.result.current).toEqual([]));
    await act(() => mutate(db, { resource: 'Faq', op: 'create', payload: faq('Fresh one') }));
    await waitFor(() => expect(list.result.current?.map((r) => r.question)).toEqual(['Fresh one']));
    list.unmount();
    db.close();
  });
});
