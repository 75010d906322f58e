import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRow } from '@/data/db/local-types';
import { listEntries, mutate } from '@/data/outbox/outbox';
import { conflictFields, discard, resolveConflict, retry } from '@/data/outbox/outbox-actions';
import { OutboxValidationError } from '@/data/outbox/outbox-errors';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { faq } from '../fake-db';
import { engineSetup, startIdle } from '../fake-engine';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

/** A record both sides know at rev 1, edited here, then changed on the server by someone else. */
async function staleEdit() {
  const s = engineSetup();
  engine = s.engine;
  const base = s.server.put('Faq', { id: crypto.randomUUID(), ...faq('Base') });
  await s.db.rows('Faq').put(base);
  const mine = await mutate(s.db, {
    resource: 'Faq',
    op: 'update',
    payload: { id: base.id, question: 'Mine' },
  });
  const theirs = s.server.put('Faq', { id: base.id, answer: 'Theirs' });
  await startIdle(s.engine);
  return { ...s, base, mine, theirs };
}

describe('conflicts', () => {
  it('a stale update becomes a conflict with their record', async () => {
    const { db, server, mine, theirs, base } = await staleEdit();
    const [entry] = await listEntries(db);
    expect(entry).toMatchObject({ id: mine.id, state: 'conflict', theirs, problem: { httpStatus: 409 } });
    expect(server.table('Faq').get(base.id)).toMatchObject({ question: 'Base', answer: 'Theirs', rev: 2 });
    expect(await db.rows('Faq').get(base.id)).toMatchObject({
      question: 'Mine',
      answer: base.answer,
      rev: 1,
    });
    expect(conflictFields(entry!).filter((f) => f.differs)).toEqual([
      { field: 'question', mine: 'Mine', theirs: 'Base', differs: true },
      { field: 'answer', mine: base.answer, theirs: 'Theirs', differs: true },
    ]);
  });

  it('keep mine resends my fields on top of their revision', async () => {
    const { db, server, engine, mine, base } = await staleEdit();
    const resent = await resolveConflict(db, mine.id, 'mine');
    expect(resent).not.toBe(mine.id); // the stale one was refused; a new key cannot replay that refusal
    await engine.syncNow();
    expect(await listEntries(db)).toEqual([]);
    expect(server.applied).toEqual([resent]);
    expect(server.table('Faq').get(base.id)).toMatchObject({ question: 'Mine', answer: base.answer, rev: 3 });
    expect(await db.rows('Faq').get(base.id)).toMatchObject({ question: 'Mine', rev: 3 });
  });

  it('merged fields are validated and sent field by field', async () => {
    const { db, server, engine, mine, base } = await staleEdit();
    await expect(resolveConflict(db, mine.id, { question: '' })).rejects.toBeInstanceOf(
      OutboxValidationError,
    );
    await resolveConflict(db, mine.id, { question: 'Mine', answer: 'Theirs' });
    await engine.syncNow();
    expect(server.table('Faq').get(base.id)).toMatchObject({ question: 'Mine', answer: 'Theirs', rev: 3 });
  });

  it('take theirs drops my change and shows their record', async () => {
    const { db, server, engine, mine, theirs } = await staleEdit();
    await resolveConflict(db, mine.id, 'theirs');
    await engine.syncNow();
    expect(await listEntries(db)).toEqual([]);
    expect(server.applied).toEqual([]);
    expect(await db.rows('Faq').get(theirs.id)).toEqual(theirs);
  });
});

describe('parked entries', () => {
  async function parkedCreateWithEdit() {
    const s = engineSetup();
    engine = s.engine;
    s.server.reject = (m) => (m.payload.question === 'Bad' ? 'Not allowed here.' : null);
    const server: LocalRow = s.server.put('Faq', { id: crypto.randomUUID(), ...faq('Kept') });
    await s.db.rows('Faq').put(server);
    const bad = await mutate(s.db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: server.id, question: 'Bad' },
    });
    const later = await mutate(s.db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: server.id, answer: 'Later' },
    });
    await startIdle(s.engine);
    return { ...s, row: server, bad, later };
  }

  it('the admin can edit and retry a parked change, and the changes behind it follow', async () => {
    const { db, server, engine, bad, later, row } = await parkedCreateWithEdit();
    expect((await listEntries(db)).map((e) => e.state)).toEqual(['parked', 'pending']);
    const retried = await retry(db, bad.id, { question: 'Good' });
    await engine.syncNow();
    expect(server.applied).toEqual([retried, later.id]);
    expect(server.table('Faq').get(row.id)).toMatchObject({ question: 'Good', rev: 3 });
    expect(await listEntries(db)).toEqual([]);
  });

  it('discard drops the parked change and those built on it, and restores the server copy', async () => {
    const { db, server, engine, bad, row } = await parkedCreateWithEdit();
    await discard(db, bad.id);
    await discard(db, bad.id); // idempotent
    await engine.syncNow();
    expect(await listEntries(db)).toEqual([]);
    expect(server.applied).toEqual([]);
    expect(await db.rows('Faq').get(row.id)).toEqual(row);
  });
});
