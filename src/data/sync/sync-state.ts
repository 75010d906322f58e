export interface SyncProblem {
  httpStatus: number;
  message: string;
  at: number;
}

export interface SyncState {
  online: boolean;
  /** This tab holds the drain lock. */
  leader: boolean;
  draining: boolean;
  /** Unsent changes waiting to go (pending), refused for good (parked), stale (conflicts). */
  pending: number;
  parked: number;
  conflicts: number;
  lastSyncedAt: string | null;
  lastError: SyncProblem | null;
  /** Draining stopped on a 401 until the admin signs in again. */
  authRequired: boolean;
  /** When the next retry after a failure is due (ms since epoch), or null. */
  retryAt: number | null;
}

export const initialSyncState: SyncState = {
  online: true,
  leader: false,
  draining: false,
  pending: 0,
  parked: 0,
  conflicts: 0,
  lastSyncedAt: null,
  lastError: null,
  authRequired: false,
  retryAt: null,
};

export interface SyncStateStore {
  getSnapshot(): SyncState;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<SyncState>): void;
}

/** A tiny external store for useSyncExternalStore: a new snapshot object only when something changed. */
export function createSyncStateStore(initial: SyncState = initialSyncState): SyncStateStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      const keys = Object.keys(patch) as (keyof SyncState)[];
      if (keys.every((k) => Object.is(state[k], patch[k]))) return;
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
  };
}
