import { useContext } from 'react';
import { LocalDataContext } from '@/data/db/use-local-db';
import type { SyncEngine } from '@/data/sync/sync-engine';

/** The running sync engine of the signed-in user (state store, syncNow), or null while signed out. */
export function useSyncEngine(): SyncEngine | null {
  return useContext(LocalDataContext)?.engine ?? null;
}
