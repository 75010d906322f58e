import { vi } from 'vitest';
import type { LocalDb } from '@/data/db/local-db';
import { type DrainLock, soloDrainLock } from '@/data/sync/drain-lock';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '@/data/sync/sync-engine';
import { testDb } from './fake-db';
import { fakeClock, fakeServer } from './fake-server';

/** An engine on a fresh database, a fake server, a fake clock and a fixed random (0.5). */
export function engineSetup(options: Partial<SyncEngineOptions> & { db?: LocalDb; lock?: DrainLock } = {}) {
  const db = options.db ?? testDb();
  const { server, transport } = fakeServer();
  const clock = fakeClock();
  const onAuthRequired = options.onAuthRequired ?? (() => {});
  const engine = createSyncEngine({
    transport,
    clock,
    random: () => 0.5,
    lock: soloDrainLock(),
    isOnline: () => true,
    isVisible: () => true,
    ...options,
    db,
    onAuthRequired,
  });
  return { db, server, transport, clock, engine };
}

/** Lets pending promise callbacks and IndexedDB requests run. */
export const settle = () => new Promise((r) => setTimeout(r, 20));

/** Starts the engine and waits until it holds the lock and finished its first round. */
export async function startIdle(engine: SyncEngine) {
  engine.start();
  await vi.waitFor(() => {
    const s = engine.state.getSnapshot();
    if (!s.leader || s.draining) throw new Error('not idle yet');
  }, 5_000);
}

/** vi.waitFor with room for a busy machine. */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5_000 });
