/** Gives this tab the right to drain the outbox; exactly one tab holds it at a time. */
export interface DrainLock {
  /**
   * Resolves once this tab holds the lock, with the function that releases it. The lock is also
   * released when the tab closes, and the next waiting tab gets it. Rejects if `signal` aborts first.
   */
  acquire(signal: AbortSignal): Promise<() => void>;
}

export const drainLockName = (dbName: string) => `console-drain:${dbName}`;

/** Web Locks: other tabs queue on the lock, so a closed drainer is replaced at once. */
export function webDrainLock(name: string, locks: LockManager): DrainLock {
  return {
    acquire: (signal) =>
      new Promise((resolve, reject) => {
        locks
          .request(name, { signal }, () => new Promise<void>((release) => resolve(() => release())))
          .catch(reject);
      }),
  };
}

/** Without Web Locks (old browsers), this tab drains; the server's idempotency keys keep that safe. */
export const soloDrainLock = (): DrainLock => ({
  acquire: (signal) => (signal.aborted ? Promise.reject(signal.reason) : Promise.resolve(() => undefined)),
});

export function drainLockFor(dbName: string): DrainLock {
  const locks = globalThis.navigator?.locks;
  return locks ? webDrainLock(drainLockName(dbName), locks) : soloDrainLock();
}
