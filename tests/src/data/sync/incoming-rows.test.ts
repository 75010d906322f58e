import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryResourceList, useResourceList, useResourceRecord } from '@/data/db/use-resource';
import { listEntries, mutate } from '@/data/outbox/outbox';
import {
  addIncoming,
  endedBefore,
  endIncoming,
  incomingRows,
  RELEASE_MS,
  readGeneration,
  withIncoming,
} from '@/data/sync/incoming-rows';
import { faq, localRow, testDb } from '../fake-db';

const pulled = (id: string, question: string, extra: Record<string, unknown> = {}) =>
  localRow(id, { ...faq(question), ...extra });
const questions = (rows: Record<string, unknown>[] | undefined | null) =>
  rows?.map((r) => r.question as string).sort();

afterEach(() => {
  vi.useRealTimers();
});

describe('rows pulled by the first sync, shown before they are stored', () => {
  it('keeps the newest copy of each row and drops tombstones', () => {
    const db = `db-${crypto.randomUUID()}`;
    addIncoming(db, { Faq: { rows: [pulled('a', 'A v2', { rev: 2 }), pulled('b', 'B'), { id: 7 }] } });
    addIncoming(db, {
      Faq: { rows: [pulled('a', 'A v1', { rev: 1 }), pulled('b', 'B', { rev: 2, deletedAt: '2030-01-02' })] },
    });
    expect(questions(incomingRows(db, 'Faq'))).toEqual(['A v2']);
    expect(incomingRows(db, 'User')).toEqual([]);
    endIncoming(db, { dropNow: true });
  });

  it('a stored row wins over its pulled copy; nothing added keeps the stored array', () => {
    const stored = [pulled('a', 'Mine')];
    expect(withIncoming(stored, [pulled('a', 'Server')])).toBe(stored);
    expect(questions(withIncoming(stored, [pulled('a', 'Server'), pulled('b', 'New')]))).toEqual([
      'Mine',
      'New',
    ]);
  });

  it('after the end, reads begun later leave them out; they are dropped a while later, or at once', () => {
    vi.useFakeTimers();
    const db = `db-${crypto.randomUUID()}`;
    addIncoming(db, { Faq: { rows: [pulled('a', 'A')] } });
    const before = readGeneration();
    endIncoming(db);
    expect(endedBefore(db, before)).toBe(false); // a read begun before the end still needs them
    expect(endedBefore(db, readGeneration())).toBe(true);
    expect(incomingRows(db, 'Faq')).toHaveLength(1);
    vi.advanceTimersByTime(RELEASE_MS);
    expect(incomingRows(db, 'Faq')).toEqual([]);

    addIncoming(db, { Faq: { rows: [pulled('a', 'A')] } });
    expect(endedBefore(db, readGeneration())).toBe(false); // a new first sync of the same database
    endIncoming(db, { dropNow: true });
    expect(incomingRows(db, 'Faq')).toEqual([]);
  });

  it('lists and records show them beside the stored rows, until a read after the end', async () => {
    const db = testDb();
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Stored here') });
    const list = renderHook(() => useResourceList(db, 'Faq'));
    const record = renderHook(() => useResourceRecord(db, 'Faq', 'p1'));
    await waitFor(() => expect(questions(list.result.current)).toEqual(['Stored here']));
    expect(record.result.current).toBeNull();

    act(() => addIncoming(db.name, { Faq: { rows: [pulled('p1', 'Pulled 1'), pulled('p2', 'Pulled 2')] } }));
    await waitFor(() =>
      expect(questions(list.result.current)).toEqual(['Pulled 1', 'Pulled 2', 'Stored here']),
    );
    await waitFor(() => expect(record.result.current?.question).toBe('Pulled 1'));
    expect(questions(await queryResourceList(db, 'Faq'))).toEqual(['Pulled 1', 'Pulled 2', 'Stored here']);

    // The sync stores one of them and ends: the next reads find only the table.
    await db.rows('Faq').put(pulled('p1', 'Pulled 1'));
    act(() => endIncoming(db.name));
    expect(questions(await queryResourceList(db, 'Faq'))).toEqual(['Pulled 1', 'Stored here']);
    await waitFor(() => expect(questions(list.result.current)).toEqual(['Pulled 1', 'Stored here']));
    await waitFor(() => expect(record.result.current?.question).toBe('Pulled 1'));
    list.unmount();
    record.unmount();
    endIncoming(db.name, { dropNow: true });
    db.close();
  });

  it('a change to a row not stored yet is made on its pulled copy', async () => {
    const db = testDb();
    const id = crypto.randomUUID();
    addIncoming(db.name, { Faq: { rows: [pulled(id, 'Pulled', { rev: 4 })] } });
    const entry = await mutate(db, { resource: 'Faq', op: 'update', payload: { id, question: 'Edited' } });
    expect(entry).toMatchObject({ baseRev: 4, serverRow: { question: 'Pulled', rev: 4 } });
    expect(await db.rows('Faq').get(id)).toMatchObject({ question: 'Edited', rev: 4 });
    expect(await listEntries(db)).toHaveLength(1);
    endIncoming(db.name, { dropNow: true });
    await expect(
      mutate(db, { resource: 'Faq', op: 'delete', payload: { id: crypto.randomUUID() } }),
    ).rejects.toThrow(/is not here/);
    db.close();
  });
});
