import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCE_NAMES } from '#contract/registry.ts';
import {
  LOCAL_DB_VERSION,
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
      [...RESOURCE_NAMES, 'blobs', 'meta', 'outbox'].sort(),
    );
    expect(localSchema().Banner).toBe('id, updatedAt, title, startAt, endAt');
    expect(db.outbox.schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['id', 'recordId', 'state', '[resource+recordId]']),
    );
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
