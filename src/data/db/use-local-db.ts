import { createContext, useContext } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { SyncEngine } from '@/data/sync/sync-engine';

/** The signed-in user's local database and sync engine; `null` while signed out or still opening. */
export interface LocalData {
  /** `${companyID}:${userID}`: a value whose key differs from the session's is stale. */
  key: string;
  db: LocalDb;
  engine: SyncEngine;
}

export const LocalDataContext = createContext<LocalData | null>(null);

/** The signed-in user's IndexedDB (one per company and user), or null while signed out or opening. */
export function useLocalDb(): LocalDb | null {
  return useContext(LocalDataContext)?.db ?? null;
}
