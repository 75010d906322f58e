import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutate } from '@/data/outbox/outbox';
import type { SyncEngine } from '@/data/sync/sync-engine';
import { createSyncStateStore } from '@/data/sync/sync-state';
import { useSyncState } from '@/data/sync/use-sync-state';
import { faq } from '../fake-db';
import { engineSetup, eventually, startIdle } from '../fake-engine';
import { httpFailure } from '../fake-server';

let engine: SyncEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine?.db.close();
});

describe('sync state', () => {
  it('the store gives a new snapshot only when something changed', () => {
    const store = createSyncStateStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.set({ pending: 0 });
    expect(store.getSnapshot()).toBe(before);
    store.set({ pending: 2 });
    expect(store.getSnapshot()).toMatchObject({ pending: 2 });
    expect(listener).toHaveBeenCalledOnce();
    const { result } = renderHook(() => useSyncState(store));
    act(() => store.set({ online: false }));
    expect(result.current.online).toBe(false);
  });

  it('shows pending, parked and conflict counts and the last sync, live', async () => {
    let online = false;
    const s = engineSetup({ isOnline: () => online });
    engine = s.engine;
    s.server.reject = (m) => (m.payload.question === 'Bad' ? 'No' : null);
    s.engine.start();
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Bad') });
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Good') });
    await eventually(() => expect(s.engine.state.getSnapshot()).toMatchObject({ pending: 2, online: false }));
    expect(s.server.pushes).toEqual([]); // offline: nothing is tried

    online = true;
    window.dispatchEvent(new Event('online'));
    await eventually(() =>
      expect(s.engine.state.getSnapshot()).toMatchObject({
        online: true,
        pending: 0,
        parked: 1,
        conflicts: 0,
        lastSyncedAt: expect.any(String),
      }),
    );
  });

  it('records the last error until a round succeeds', async () => {
    const s = engineSetup();
    engine = s.engine;
    s.server.fail(httpFailure(0, 'Network error'));
    await startIdle(s.engine); // its first pull fails
    expect(s.engine.state.getSnapshot()).toMatchObject({
      lastError: { httpStatus: 0 },
      retryAt: expect.any(Number),
    });
    await mutate(s.db, { resource: 'Faq', op: 'create', payload: faq('Q') });
    await s.engine.syncNow();
    expect(s.engine.state.getSnapshot()).toMatchObject({ lastError: null, retryAt: null, pending: 0 });
  });
});
