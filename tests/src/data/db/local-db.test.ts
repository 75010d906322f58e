import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCE_NAMES } from '#contract/registry.ts';
import {
  LOCAL_DB_VERSION,
  LocalDb,
  type LocalDbEvent,
  localDbName,
  localSchema,
  openLocalDb,
  requestPersistentStorage,
} from '@/data/db/local-db';
import { mutate } from '@/data/outbox/outbox';
import { faq } from '../fake-db';

describe('local database', () => {
  it('has one database per company and user, with one table per resource of the registry', async () => {
    const db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
    await db.open();
    expect(db.name).toMatch(/^console:c1:u-/);
    expect(localDbName('c2', 'u9')).toBe('console:c2:u9');
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [...RESOURCE_NAMES, 'blobs', 'meta', 'outbox', 'snapshots'].sort(),
    );
    // Indexed only by what is read through an index: unique fields and local indexes.
    expect(localSchema().Banner).toBe('id');
    expect(localSchema().User).toBe('id, employeeId, username');
    expect(localSchema().SkillAssessment).toBe('id, userId');
    expect(db.outbox.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['id', 'recordId', 'state', '[resource+recordId]']),
    );
    db.close();
  });

  it('an older device loses the unused indexes in the upgrade and keeps its rows and outbox', async () => {
    const name = `console:c1:u-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({
      ...localSchema(),
      Faq: 'id, updatedAt, question, sendDate',
      Department: 'id, updatedAt, name',
    });
    await old.open();
    await old.table('Faq').put({ ...faq('Kept'), id: 'f1', rev: 1 });
    await old.table('outbox').add({ id: 'm1', resource: 'Faq', recordId: 'f1', state: 'pending' });
    old.close();

    const db = new LocalDb(name);
    await db.open();
    expect(db.verno).toBe(LOCAL_DB_VERSION);
    const indexNames = (table: string) =>
      new Promise<string[]>((resolve) => {
        const tx = db.backendDB().transaction(table, 'readonly');
        resolve([...tx.objectStore(table).indexNames]);
      });
    expect(await indexNames('Faq')).toEqual([]);
    expect(await indexNames('Department')).toEqual(['name']);
    expect((await db.rows('Faq').get('f1'))?.question).toBe('Kept');
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('versionchange closes the database and notifies', async () => {
    const name = `u-${crypto.randomUUID()}`;
    const old = openLocalDb('c1', name);
    await mutate(old, { resource: 'Faq', op: 'create', payload: faq('Kept across the upgrade') });
    const events: LocalDbEvent[] = [];
    old.onEvent((e) => events.push(e));

    // A newer console in another tab opens the same database with a higher version.
    const newer = new Dexie(old.name);
    newer.version(LOCAL_DB_VERSION + 1).stores({ ...localSchema(), extra: 'id' });
    await newer.open(); // does not hang on the old tab
    expect(events).toEqual([{ kind: 'versionchange', message: expect.stringContaining('another tab') }]);
    expect(old.isOpen()).toBe(false);
    await expect(old.outbox.count()).rejects.toThrow();
    expect(await newer.table('outbox').count()).toBe(1);
    newer.close();
  });

  it('a blocked upgrade tells the user to close the other tabs', async () => {
    const db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
    const listener = vi.fn();
    db.onEvent(listener);
    db.on('blocked').fire(new Event('blocked'));
    expect(listener).toHaveBeenCalledWith({
      kind: 'blocked',
      message: expect.stringContaining('other tabs'),
    });
  });

  it('asks once for persistent storage and copes without the API', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persisted: async () => false, persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    vi.stubGlobal('navigator', { ...navigator, storage: { persisted: async () => true, persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce(); // already persistent: not asked again
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(await requestPersistentStorage()).toBe(false);
    vi.unstubAllGlobals();
  });
});
