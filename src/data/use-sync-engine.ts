import { useContext } from 'react';
import type { SyncEngine } from '@/data/sync-engine';
import { LocalDataContext } from '@/data/use-local-db';

/** The running sync engine of the signed-in user (state store, syncNow), or null while signed out. */
export function useSyncEngine(): SyncEngine | null {
  return useContext(LocalDataContext)?.engine ?? null;
}
