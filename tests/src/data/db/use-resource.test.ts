import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryResourceList, usePendingFor, useResourceList, useResourceRecord } from '@/data/db/use-resource';
import { mutate } from '@/data/outbox/outbox';
import { faq, testDb } from '../fake-db';

const titles = (rows: Record<string, unknown>[] | undefined) => rows?.map((r) => r.question);

describe('resource reads', () => {
  it('lists without tombstones, searches case-insensitively and sorts by sortable fields', async () => {
    const db = testDb();
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('banana', { sendDate: '2025-03-01' }) });
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Apple', { sendDate: '2025-01-01' }) });
    const gone = await mutate(db, {
      resource: 'Faq',
      op: 'create',
      payload: faq('Cherry', { answer: 'BANANA' }),
    });
    await mutate(db, { resource: 'Faq', op: 'delete', payload: { id: gone.recordId } });
    expect(titles(await queryResourceList(db, 'Faq'))).toEqual(['banana', 'Apple']); // default: sendDate desc
    expect(titles(await queryResourceList(db, 'Faq', { sort: { field: 'question', dir: 'asc' } }))).toEqual([
      'Apple',
      'banana',
    ]);
    expect(titles(await queryResourceList(db, 'Faq', { search: 'BAN' }))).toEqual(['banana']);
    expect(titles(await queryResourceList(db, 'Faq', { filters: { question: 'Apple' } }))).toEqual(['Apple']);
    db.close();
  });

  it('sorts dates and times in time order, empty values first, as the collator would', async () => {
    const db = testDb();
    const at = '2025-01-01T00:00:00.000Z';
    const stored = { rev: 1, createdAt: at, updatedAt: at, deletedAt: null };
    const dates = ['2025-12-01', '2025-02-10', '', '2024-12-31', '2025-02-09'];
    for (const d of dates)
      await db
        .rows('Faq')
        .put({ id: crypto.randomUUID(), ...stored, ...faq(d || 'none', { sendDate: d || null }) });
    expect(titles(await queryResourceList(db, 'Faq', { sort: { field: 'sendDate', dir: 'asc' } }))).toEqual([
      'none',
      '2024-12-31',
      '2025-02-09',
      '2025-02-10',
      '2025-12-01',
    ]);
    // A field that is not all dates keeps the collator's natural order (numbers inside text by value).
    await db.rows('Faq').put({ id: crypto.randomUUID(), ...stored, ...faq('Q10', { sendDate: 'Q10' }) });
    await db.rows('Faq').put({ id: crypto.randomUUID(), ...stored, ...faq('Q9', { sendDate: 'Q9' }) });
    const sorted = titles(await queryResourceList(db, 'Faq', { sort: { field: 'sendDate', dir: 'desc' } }));
    expect(sorted?.slice(0, 2)).toEqual(['Q10', 'Q9']);
    db.close();
  });

  it('hooks follow writes live, with a badge for unsent changes', async () => {
    const db = testDb();
    const list = renderHook(() => useResourceList(db, 'Faq', { search: 'q' }));
    const first = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Q1') });
    const record = renderHook(() => useResourceRecord(db, 'Faq', first.recordId));
    const badge = renderHook(() => usePendingFor(db, 'Faq', first.recordId));
    await waitFor(() => expect(titles(list.result.current)).toEqual(['Q1']));
    await waitFor(() => expect(record.result.current?.question).toBe('Q1'));
    await waitFor(() => expect(badge.result.current).toBe('pending'));
    await act(() =>
      mutate(db, { resource: 'Faq', op: 'update', payload: { id: first.recordId, question: 'Q2' } }),
    );
    await waitFor(() => expect(record.result.current?.question).toBe('Q2'));
    await act(() => mutate(db, { resource: 'Faq', op: 'delete', payload: { id: first.recordId } }));
    await waitFor(() => expect(record.result.current).toBeNull());
    await waitFor(() => expect(list.result.current).toEqual([]));
    for (const h of [list, record, badge]) h.unmount();
    db.close();
  });

  it('a search typed on, erased and typed again finds what a search from scratch finds', async () => {
    const db = testDb();
    const words = ['banana split', 'Bandana', 'cabana', 'Apple', 'and then', 'ANA', 'panama'];
    for (const w of words) await mutate(db, { resource: 'Faq', op: 'create', payload: faq(w) });
    const list = renderHook(({ search }) => useResourceList(db, 'Faq', { search }), {
      initialProps: { search: '' },
    });
    await waitFor(() => expect(list.result.current).toHaveLength(words.length));
    // Each step narrows, widens or jumps; the list keeps one sorted array throughout, so later
    // steps are answered from the earlier steps' matches.
    const steps = [
      'a',
      'an',
      'ana',
      'anan',
      'ana',
      'an',
      'and',
      'n',
      'ban',
      'bana',
      'banan',
      'x',
      'a',
      'AN ',
    ];
    for (const search of steps) {
      list.rerender({ search });
      const fresh = await queryResourceList(db, 'Faq', { search });
      expect(titles(list.result.current)).toEqual(titles(fresh));
    }
    expect(titles(await queryResourceList(db, 'Faq', { search: 'anan' }))).toEqual(['banana split']);
    list.unmount();
    db.close();
  });
});
