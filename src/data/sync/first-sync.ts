/**
 * Issue 14: after a sign-in, the console's code takes about a second to load before its sync
 * engine pulls. The first sync starts at once instead, in a worker (its writes to IndexedDB cost
 * the page's thread nothing), and the engine takes over when it is done (first-sync-round.ts).
 * The worker hands each answer to the page as it arrives, so lists show the rows while they are
 * being stored (incoming-rows.ts).
 * Window-light on purpose: the sign-in page imports it, and the worker's code is its own file.
 */
import { addIncoming, endIncoming, type PulledRows } from '@/data/sync/incoming-rows';

export interface FirstSyncRequest {
  companyID: string;
  userID: string;
  token: string;
}

/** From the worker: each pull answer as it arrives, then how the sync ended (after its last commit). */
export type FirstSyncMessage =
  | { kind: 'pulled'; dbName: string; changes: PulledRows }
  | { kind: 'ended'; outcome: 'done' | 'transient' | 'auth' | 'skipped' | 'failed' };

type Running = { worker: Worker; dbName: string | null };

let running: Running | null = null;
let prepared: Worker | null = null;
let ended: (() => void)[] = [];

/**
 * Every answer the worker handed over was stored unless it failed on a write (`failed`) or was
 * cut short, in which case its rows leave the lists at once (the engine pulls them again).
 */
function finish(run: Running | null, stored: boolean) {
  if (!run || running !== run) return;
  running = null;
  run.worker.terminate();
  if (run.dbName) endIncoming(run.dbName, { dropNow: !stored });
  const listeners = ended;
  ended = [];
  for (const listener of listeners) listener();
}

/** Calls `listener` when the running first sync ends; false (and no call) when none runs. */
export function whenFirstSyncEnds(listener: () => void): boolean {
  if (!running) return false;
  ended.push(listener);
  return true;
}

const newWorker = () =>
  new Worker(new URL('./first-sync-worker.ts', import.meta.url), { type: 'module', name: 'first-sync' });

/**
 * Loads the worker's code while the admin types (about 70 KiB compressed: loaded at the sign-in,
 * it held the first sync back by about 600 ms); it waits for `startFirstSync`.
 */
export function prepareFirstSync() {
  if (typeof Worker !== 'undefined') prepared ??= newWorker();
}

/** Starts the first sync of this user's database; a sign-in while one runs replaces it. */
export function startFirstSync(request: FirstSyncRequest) {
  stopFirstSync();
  if (typeof Worker === 'undefined') return; // the engine syncs when the console starts
  const run: Running = { worker: prepared ?? newWorker(), dbName: null };
  prepared = null;
  run.worker.onmessage = ({ data }: MessageEvent<FirstSyncMessage>) => {
    if (running !== run) return;
    if (data.kind === 'pulled') {
      run.dbName = data.dbName;
      addIncoming(data.dbName, data.changes);
    } else finish(run, data.outcome !== 'failed');
  };
  run.worker.onerror = () => finish(run, false);
  run.worker.postMessage(request);
  running = run;
}

/**
 * Ends a running first sync (sign-out). A terminated worker's open transaction is aborted and its
 * lock released, and every page it committed is whole (applyPull), so nothing is half-written.
 */
export function stopFirstSync() {
  finish(running, false);
}
