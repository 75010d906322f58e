import { useSyncExternalStore } from 'react';
import type { SyncState, SyncStateStore } from '@/data/sync/sync-state';

/** The sync state for the shell's indicator; re-renders only when it changes. */
export function useSyncState(store: SyncStateStore): SyncState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
