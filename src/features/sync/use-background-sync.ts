import { useEffect } from 'react';
import { BACKGROUND_SYNC_TAG, SYNC_CONTEXT, type SyncContextMessage } from '@/data/db/sync-context-db';
import { onOutboxChange } from '@/data/outbox/outbox-signal';
import { useSession } from '@/data/session/use-session';
import type { SyncState } from '@/data/sync/sync-state';
import { useSyncEngine } from '@/data/sync/use-sync-engine';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

const serviceWorker = () => globalThis.navigator?.serviceWorker;

/** Asks the service worker to drain the outbox once the network is back, even if every tab closed. */
export async function requestBackgroundSync(): Promise<boolean> {
  const sw = serviceWorker();
  if (!sw?.controller) return false;
  const registration = (await sw.ready) as SyncRegistration;
  if (!registration.sync) return false;
  await registration.sync.register(BACKGROUND_SYNC_TAG).catch(() => undefined);
  return true;
}

/**
 * Gives the service worker what it needs to sync for this user (database and token), and where
 * the browser has Background Sync, registers a sync after each write made while offline. Elsewhere
 * the engine's triggers (next open, `online`, visibility) cover it.
 */
export function useBackgroundSync(state: SyncState) {
  const dbName = useSyncEngine()?.db.name;
  const token = useSession()?.token;
  const waitingOffline = !state.online && state.pending > 0;

  useEffect(() => {
    const sw = serviceWorker();
    if (!sw || !dbName || !token) return;
    const message: SyncContextMessage = { type: SYNC_CONTEXT, dbName, token };
    void sw.ready.then((registration) => registration.active?.postMessage(message)).catch(() => undefined);
  }, [dbName, token]);

  useEffect(() => {
    if (!dbName) return;
    return onOutboxChange((name) => {
      if (name === dbName && globalThis.navigator?.onLine === false) void requestBackgroundSync();
    });
  }, [dbName]);

  useEffect(() => {
    if (waitingOffline) void requestBackgroundSync();
  }, [waitingOffline]);
}
