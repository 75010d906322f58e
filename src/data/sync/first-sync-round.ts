import type { LocalDb } from '@/data/db/local-db';
import { recordKey } from '@/data/db/local-types';
import { drainLockName } from '@/data/sync/drain-lock';
import { pullAll, type RoundOutcome, syncRound } from '@/data/sync/sync-round';
import type { PullResponse, Transport } from '@/data/sync/transport';
import type { UploadRunner } from '@/data/uploads/upload-types';

export type FirstSyncOutcome = RoundOutcome | { kind: 'skipped' };
type Changes = PullResponse['changes'];

/** An answer without the rows of `unsent` (recordKey), whose local state wins. */
function withoutUnsent(changes: Changes, unsent: Set<string>): Changes {
  if (!unsent.size) return changes;
  return Object.fromEntries(
    Object.entries(changes).map(([resource, page]) => [
      resource,
      { ...page, rows: page.rows.filter((row) => !unsent.has(recordKey(resource, String(row.id)))) },
    ]),
  );
}

/**
 * The first round after a sign-in, run in a worker (first-sync-worker.ts) while the console's code
 * still loads: the engine's round (push with uploads, then pull every resource), under the same
 * drain lock, so the tab's engine waits for it and then only pulls what is newer. The lock is taken
 * only if free: its holder is another tab of this user, which syncs the same database. Without Web
 * Locks it leaves the sync to the engine.
 *
 * `onPulled` gets each answer as it arrives, without the rows that still have unsent changes after
 * the push (kept from an earlier session): a list that shows pulled rows before they are stored
 * (incoming-rows.ts) must not show a server copy over a local change.
 */
export async function firstSync(
  db: LocalDb,
  o: {
    transport: Transport;
    uploads?: UploadRunner;
    locks: LockManager | undefined;
    onPulled?: (changes: Changes) => void;
  },
): Promise<FirstSyncOutcome> {
  if (!o.locks) return { kind: 'skipped' };
  const options = { db, transport: o.transport, uploads: o.uploads, signal: new AbortController().signal };
  return o.locks.request(drainLockName(db.name), { ifAvailable: true }, async (lock) => {
    if (!lock) return { kind: 'skipped' as const };
    const pushed = await syncRound({ ...options, pull: false });
    if (pushed.kind !== 'done') return pushed;
    const unsent = new Set((await db.outbox.toArray()).map((e) => recordKey(e.resource, e.recordId)));
    const { onPulled } = o;
    return pullAll({
      ...options,
      onPulled: onPulled && ((changes) => onPulled(withoutUnsent(changes, unsent))),
    });
  });
}
