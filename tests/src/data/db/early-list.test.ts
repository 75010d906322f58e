import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyRows, readListEarly, readSnapshot, rememberList } from '@/data/db/early-list';
import { LocalDb } from '@/data/db/local-db';
import { readAllRows, SNAPSHOT_CHUNK_ROWS, writeSnapshot } from '@/data/db/table-snapshots';
import { useResourceList } from '@/data/db/use-resource';
import { STORAGE_KEYS } from '@/data/session/storage-keys';
import { faq, localRow } from '../fake-db';

// The list read at the page's start, before the console's code has loaded (src/data/db/early-list.ts).
const ROWS = SNAPSHOT_CHUNK_ROWS + 3;
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => localRow(`r${String(i).padStart(5, '0')}`, faq(`Q${i}`)));

afterEach(() => localStorage.clear());

/** A user's database with ROWS FAQ rows and a current snapshot. */
async function userWithSnapshot() {
  const userId = `u-${crypto.randomUUID()}`;
  const name = `console:c1:${userId}`;
  const db = new LocalDb(name);
  await db.rows('Faq').bulkPut(rowsOf(ROWS));
  const head = (await db.snapshots.get('Faq')) as { stamp: string };
  expect(await writeSnapshot(db, 'Faq', head.stamp, await db.rows('Faq').toArray())).toBe(true);
  db.close();
  return { userId, name };
}

/** What main.tsx does on a start at `/`, after the FAQ list was last opened there. */
async function startOnTheList(userId: string, name: string) {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ companyID: 'c1', userID: userId }));
  rememberList(window.location.pathname, 'Faq');
  readListEarly();
  await waitFor(() => expect(earlyRows(name, 'Faq')).toBeDefined());
  return earlyRows(name, 'Faq')!;
}

describe('early list read', () => {
  it("reads a table's current snapshot with plain IndexedDB", async () => {
    const { name } = await userWithSnapshot();
    const read = await readSnapshot(name, 'Faq');
    expect(read?.rows.map((r) => r.id)).toEqual(rowsOf(ROWS).map((r) => r.id));
  });

  it('reads nothing once the table has been written since its snapshot', async () => {
    const { name } = await userWithSnapshot();
    const db = new LocalDb(name);
    await db.rows('Faq').put(localRow('new', faq('New')));
    db.close();
    expect(await readSnapshot(name, 'Faq')).toBeNull();
  });

  it('never creates a database that does not exist', async () => {
    const name = `console:c1:u-${crypto.randomUUID()}`;
    expect(await readSnapshot(name, 'Faq')).toBeNull();
    expect((await indexedDB.databases()).some((d) => d.name === name)).toBe(false);
  });

  it('reads nothing on a start on another page than the list last opened', async () => {
    const { userId, name } = await userWithSnapshot();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ companyID: 'c1', userID: userId }));
    rememberList('/somewhere/else', 'Faq');
    readListEarly();
    await new Promise((r) => setTimeout(r, 200));
    expect(earlyRows(name, 'Faq')).toBeUndefined();
  });

  it("gives the list's first render its rows, and the table's read takes them while the stamp holds", async () => {
    const { userId, name } = await userWithSnapshot();
    const early = await startOnTheList(userId, name);
    const db = new LocalDb(name);
    const { result } = renderHook(() => useResourceList(db, 'Faq'));
    expect(result.current).toHaveLength(ROWS); // the first render, before any read of its own
    expect(await readAllRows(db, 'Faq')).toBe(early);
    db.close();
  });

  it('is dropped when the table was written after the early read', async () => {
    const { userId, name } = await userWithSnapshot();
    const early = await startOnTheList(userId, name);
    const db = new LocalDb(name);
    await db.rows('Faq').put(localRow('late', faq('Written after the start')));
    const rows = await readAllRows(db, 'Faq');
    expect(rows).not.toBe(early);
    expect(rows.some((r) => r.id === 'late')).toBe(true);
    expect(earlyRows(name, 'Faq')).toBeUndefined();
    db.close();
  });

  it("is not used once the table's own read came first (a read that arrives late is dropped)", async () => {
    const { userId, name } = await userWithSnapshot();
    const db = new LocalDb(name);
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ companyID: 'c1', userID: userId }));
    rememberList(window.location.pathname, 'Faq');
    readListEarly();
    await readAllRows(db, 'Faq'); // before the early read is in
    await new Promise((r) => setTimeout(r, 300));
    expect(earlyRows(name, 'Faq')).toBeUndefined();
    db.close();
  });
});
