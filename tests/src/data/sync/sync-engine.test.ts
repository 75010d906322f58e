import { afterEach, describe, expect, it, vi } from 'vitest';
import { listEntries, mutate } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { faq } from '../fake-db';
import { engineSetup, eventually, settle, startIdle } from '../fake-engine';
import { httpFailure } from '../fake-server';

let engines: SyncEngine[] = [];
const setup = async (options: Parameters<typeof engineSetup>[0] = {}, start = true) => {
  const s = engineSetup(options);
  engines.push(s.engine);
  if (start) await startIdle(s.engine);
  return s;
};
afterEach(async () => {
  for (const e of engines) await e.stop();
  for (const e of engines) e.db.close();
  engines = [];
});

const sentIds = (pushes: { id: string }[][]) => pushes.flat().map((m) => m.id);

describe('sync engine: push', () => {
  it('an entry leaves the outbox only after the server acknowledged it', async () => {
    const { db, server, engine } = await setup();
    const { recordId } = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Q') });
    server.fail(httpFailure(503, 'Down'));
    await engine.syncNow();
    expect(await listEntries(db)).toHaveLength(1);
    expect(server.applied).toHaveLength(0);

    await engine.syncNow();
    expect(await listEntries(db)).toHaveLength(0);
    expect(await db.rows('Faq').get(recordId)).toEqual(
      server.table('Faq').get(recordId) && expect.objectContaining({ rev: 1 }),
    );
    expect((await db.rows('Faq').get(recordId))?._pending).toBeUndefined();
  });

  it('replays a lost push exactly once (same mutation id)', async () => {
    const { db, server, engine } = await setup();
    const entry = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Once') });
    server.fail('lose-response');
    await engine.syncNow();
    expect(server.applied).toEqual([entry.id]);
    expect(await listEntries(db)).toHaveLength(1); // no answer, so not acknowledged

    await engine.syncNow();
    expect(sentIds(server.pushes)).toEqual([entry.id, entry.id]);
    expect(server.applied).toEqual([entry.id]);
    expect(server.table('Faq').size).toBe(1);
    expect(await listEntries(db)).toHaveLength(0);
  });

  it('sends mutations in the order they were made', async () => {
    const { db, server, engine } = await setup({}, false); // offline: all queue up
    const a = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('A') });
    const b = await mutate(db, { resource: 'TypeOfContent', op: 'create', payload: { name: 'B' } });
    const a2 = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: a.recordId, question: 'A2' },
    });
    const a3 = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: a.recordId, question: 'A3' },
    });
    const b2 = await mutate(db, { resource: 'TypeOfContent', op: 'delete', payload: { id: b.recordId } });
    await startIdle(engine);
    expect(sentIds(server.pushes)).toEqual([a, b, a2, a3, b2].map((e) => e.id));
    expect(server.pushes).toHaveLength(1);
    expect(server.table('Faq').get(a.recordId)).toMatchObject({ question: 'A3', rev: 3 });
    expect(await db.rows('Faq').get(a.recordId)).toMatchObject({ question: 'A3', rev: 3 });
    expect(await db.rows('TypeOfContent').count()).toBe(0);
    expect(await listEntries(db)).toEqual([]);
  });

  it('sends in batches of at most 100, oldest first', async () => {
    const { db, server, engine } = await setup({}, false); // offline: all queue up
    const made = [];
    for (let i = 0; i < 130; i++)
      made.push(await mutate(db, { resource: 'Faq', op: 'create', payload: faq(`Q${i}`) }));
    await startIdle(engine);
    expect(server.pushes.map((p) => p.length)).toEqual([100, 30]);
    expect(sentIds(server.pushes)).toEqual(made.map((e) => e.id));
  });

  it('an edit made while a push is in flight is rebased on the acknowledged revision', async () => {
    const { db, server, engine } = await setup();
    const a = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('A') });
    const round = engine.syncNow();
    await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: a.recordId, answer: 'typed during the push' },
    });
    await round;
    await engine.syncNow();
    expect(server.table('Faq').get(a.recordId)).toMatchObject({ answer: 'typed during the push', rev: 2 });
    expect(await listEntries(db)).toEqual([]);
    expect(await db.rows('Faq').get(a.recordId)).toMatchObject({ answer: 'typed during the push', rev: 2 });
  });

  it('parks a 422 with the server message and keeps draining others', async () => {
    const { db, server, engine } = await setup();
    server.reject = (m) => (m.payload.question === 'Bad' ? 'The server says no.' : null);
    const bad = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Bad') });
    const good = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Good') });
    await engine.syncNow();
    const [parked] = await listEntries(db);
    expect(parked).toMatchObject({
      id: bad.id,
      state: 'parked',
      problem: { httpStatus: 422, message: 'The server says no.' },
    });
    expect(server.applied).toEqual([good.id]);
    expect(engine.state.getSnapshot()).toMatchObject({ parked: 1, pending: 0 });
  });

  it('later edits of a parked record wait behind it', async () => {
    const { db, server, engine } = await setup();
    server.reject = (m) => (m.payload.question === 'Bad' ? 'Rejected' : null);
    const bad = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Bad') });
    const edit = await mutate(db, {
      resource: 'Faq',
      op: 'update',
      payload: { id: bad.recordId, answer: 'more' },
    });
    const other = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Other') });
    await engine.syncNow();
    expect((await listEntries(db)).map((e) => [e.id, e.state])).toEqual([
      [bad.id, 'parked'],
      [edit.id, 'pending'],
    ]);
    await engine.syncNow();
    expect(sentIds(server.pushes)).toEqual([bad.id, edit.id, other.id]); // the edit was not sent again
    expect(server.applied).toEqual([other.id]);
  });

  it('a 404 on a delete means it is already gone', async () => {
    const { db, server, engine } = await setup();
    const row = server.put('Faq', { id: crypto.randomUUID(), ...faq('X') });
    await db.rows('Faq').put(row);
    await mutate(db, { resource: 'Faq', op: 'delete', payload: { id: row.id } });
    server.table('Faq').delete(row.id);
    await engine.syncNow();
    expect(await listEntries(db)).toEqual([]);
    expect(await db.rows('Faq').get(row.id)).toBeUndefined();
  });
});

describe('sync engine: failures', () => {
  it('backs off with jitter and honours Retry-After', async () => {
    const { db, server, engine, clock } = await setup();
    await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Q') });
    server.fail(httpFailure(503, 'Busy', 7_000), httpFailure(0, 'Offline'), httpFailure(0, 'Offline'));
    await engine.syncNow();
    expect(clock.next()).toBe(7_000 + 500); // Retry-After is a floor, plus up to 1 s of jitter
    expect(engine.state.getSnapshot().lastError).toMatchObject({ httpStatus: 503, message: 'Busy' });

    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.pushes).toHaveLength(1); // a trigger inside the backoff window sends nothing

    clock.advance(7_500);
    await eventually(() => expect(server.pushes).toHaveLength(2));
    await eventually(() => expect(clock.next()).toBe(1_000)); // 2nd retry: random(0.5) * 2 s
    clock.advance(1_000);
    await eventually(() => expect(clock.next()).toBe(2_000)); // 3rd retry: random(0.5) * 4 s
    expect((await listEntries(db))[0]?.attempts).toBe(3);
    clock.advance(2_000);
    await eventually(async () => expect(await listEntries(db)).toEqual([]));
    expect(server.pushes).toHaveLength(4);
    // The state is written when the round ends, a moment after the outbox emptied.
    await eventually(() => expect(engine.state.getSnapshot().lastError).toBeNull());
  });

  it('a transient failure of one mutation keeps it and retries it later', async () => {
    const { db, server, engine, clock } = await setup();
    let busy = true;
    server.reject = (m) =>
      busy && m.payload.question === 'Slow' ? { httpStatus: 503, message: 'Try later' } : null;
    const slow = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Slow') });
    await engine.syncNow();
    expect(await listEntries(db)).toEqual([expect.objectContaining({ id: slow.id, state: 'pending' })]);
    expect(engine.state.getSnapshot().lastError).toMatchObject({ httpStatus: 503, message: 'Try later' });
    busy = false;
    clock.advance(clock.next()!);
    await eventually(async () => expect(await listEntries(db)).toEqual([]));
    expect(server.applied).toEqual([slow.id]);
  });

  it('never has more than one request in flight', async () => {
    const { db, server, engine } = await setup();
    const writes = [];
    for (let i = 0; i < 20; i++)
      writes.push(mutate(db, { resource: 'Faq', op: 'create', payload: faq(`Q${i}`) }));
    await Promise.all(writes);
    await Promise.all([engine.syncNow(), engine.syncNow(), engine.syncNow()]);
    await eventually(async () => expect(await listEntries(db)).toEqual([]));
    expect(server.maxInFlight).toBe(1);
    expect(server.applied).toHaveLength(20);
  });

  it('401 stops and resumes after sign-in, dropping nothing', async () => {
    const onAuthRequired = vi.fn();
    const { db, server, engine } = await setup({ onAuthRequired });
    const a = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('A') });
    const b = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('B') });
    server.fail(httpFailure(401, 'Session expired'));
    await engine.syncNow();
    expect(onAuthRequired).toHaveBeenCalledOnce();
    expect(engine.state.getSnapshot().authRequired).toBe(true);
    await engine.syncNow();
    expect(server.pushes).toHaveLength(1); // stopped until sign-in
    expect(await listEntries(db)).toHaveLength(2);

    await engine.resumeAfterSignIn();
    expect(server.applied).toEqual([a.id, b.id]);
    expect(await listEntries(db)).toEqual([]);
    expect(engine.state.getSnapshot().authRequired).toBe(false);
  });
});

describe('sync engine: triggers', () => {
  it('pulls every 30 s while visible, and when the tab becomes visible again', async () => {
    let visible = true;
    const { db, server, clock } = await setup({ isVisible: () => visible });
    expect(clock.next()).toBe(30_000);
    const row = server.put('Faq', { id: crypto.randomUUID(), ...faq('From the server') });
    clock.advance(30_000);
    await eventually(async () => expect(await db.rows('Faq').get(row.id)).toEqual(row));

    visible = false;
    const later = server.put('Faq', { id: crypto.randomUUID(), ...faq('While hidden') });
    const pulls = server.pulls.length;
    clock.advance(30_000);
    await settle();
    expect(server.pulls).toHaveLength(pulls); // no polling in a hidden tab
    visible = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(async () => expect(await db.rows('Faq').get(later.id)).toEqual(later));
  });
});
