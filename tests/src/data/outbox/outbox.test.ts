import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDb } from '@/data/db/local-db';
import { listEntries, mutate, pendingCount } from '@/data/outbox/outbox';
import { OutboxStateError, OutboxValidationError, StorageFullError } from '@/data/outbox/outbox-errors';
import { faq, testDb } from '../fake-db';

let db: LocalDb;
afterEach(() => db?.close());

describe('mutate', () => {
  it('writes the row and its outbox entry atomically', async () => {
    db = testDb();
    const entry = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('  Why? ') });
    const row = await db.rows('Faq').get(entry.recordId);
    expect(row).toMatchObject({ question: 'Why?', rev: 0, deletedAt: null, _pending: 1 });
    expect(await listEntries(db)).toEqual([
      expect.objectContaining({ id: entry.id, op: 'create', state: 'pending', baseRev: 0, serverRow: null }),
    ]);
    expect(entry.id).not.toBe(entry.recordId);
    expect(entry.recordId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);

    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('crash between the two writes'));
    await expect(mutate(db, { resource: 'Faq', op: 'create', payload: faq('Lost') })).rejects.toThrow(
      'crash',
    );
    expect(await db.rows('Faq').count()).toBe(1);
    expect(await pendingCount(db)).toBe(1);
  });

  it('rejects an invalid payload with its field issues and writes nothing', async () => {
    db = testDb();
    const error = await mutate(db, {
      resource: 'Faq',
      op: 'create',
      payload: faq('', { sendDate: 'soon' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxValidationError);
    expect((error as OutboxValidationError).issues).toEqual(
      expect.arrayContaining([
        { path: 'question', message: 'Please enter the question.' },
        { path: 'sendDate', message: 'Please choose the send date.' },
      ]),
    );
    expect(await db.rows('Faq').count()).toBe(0);
    expect(await pendingCount(db)).toBe(0);
  });

  it('reports a full disk as StorageFullError and leaves nothing half-written', async () => {
    db = testDb();
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('Quota', 'QuotaExceededError'));
    await expect(mutate(db, { resource: 'Faq', op: 'create', payload: faq('Big') })).rejects.toBeInstanceOf(
      StorageFullError,
    );
    expect(await db.rows('Faq').count()).toBe(0);
  });

  it('an update merges the fields and remembers the revision and server copy it was based on', async () => {
    db = testDb();
    const server = {
      ...faq('Old'),
      id: crypto.randomUUID(),
      rev: 4,
      createdAt: 'c',
      updatedAt: 'u',
      deletedAt: null,
    };
    await db.rows('Faq').put(server);
    const entry = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: server.id, answer: 'New' },
    });
    expect(entry).toMatchObject({ baseRev: 4, serverRow: server, payload: { ...faq('Old'), answer: 'New' } });
    expect(await db.rows('Faq').get(server.id)).toMatchObject({
      question: 'Old',
      answer: 'New',
      rev: 4,
      _pending: 1,
    });
    const second = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: server.id, question: 'Q2' },
    });
    expect(second.serverRow).toEqual(server);
    expect(second.payload).toMatchObject({ question: 'Q2', answer: 'New' });
  });

  it('a delete leaves a tombstone until the server acknowledges it', async () => {
    db = testDb();
    const created = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Gone') });
    await mutate(db, { resource: 'Faq', op: 'delete', payload: { id: created.recordId } });
    expect((await db.rows('Faq').get(created.recordId))?.deletedAt).toEqual(expect.any(String));
    expect((await listEntries(db)).map((e) => e.op)).toEqual(['create', 'delete']);
    await expect(
      mutate(db, { resource: 'Faq', op: 'update', payload: { id: created.recordId } }),
    ).rejects.toBeInstanceOf(OutboxStateError);
  });
});
