import type { LocalDb } from '@/data/db/local-db';
import { drainLockName } from '@/data/sync/drain-lock';
import { type RoundOutcome, syncRound } from '@/data/sync/sync-round';
import type { Transport } from '@/data/sync/transport';
import type { UploadRunner } from '@/data/uploads/upload-types';

export type FirstSyncOutcome = RoundOutcome | { kind: 'skipped' };

/**
 * The first round after a sign-in, run in a worker (first-sync-worker.ts) while the console's code
 * still loads: the same round as the engine's (push with uploads, then pull every resource), under
 * the same drain lock, so the tab's engine waits for it and then only pulls what is newer. The lock
 * is taken only if free: a holder is another tab of this user, which syncs the same database.
 * Without Web Locks it leaves the sync to the engine.
 */
export async function firstSync(
  db: LocalDb,
  o: { transport: Transport; uploads?: UploadRunner; locks: LockManager | undefined },
): Promise<FirstSyncOutcome> {
  if (!o.locks) return { kind: 'skipped' };
  return o.locks.request(drainLockName(db.name), { ifAvailable: true }, (lock) =>
    lock
      ? syncRound({
          db,
          transport: o.transport,
          uploads: o.uploads,
          signal: new AbortController().signal,
          pull: true,
        })
      : { kind: 'skipped' as const },
  );
}
