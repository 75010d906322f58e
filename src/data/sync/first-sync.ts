/**
 * Issue 14: after a sign-in, the console's code takes about a second to load before its sync
 * engine pulls. The first sync starts at once instead, in a worker (its writes to IndexedDB cost
 * the page's thread nothing), and the engine takes over when it is done (first-sync-round.ts).
 * Window-light on purpose: the sign-in page imports it, and the worker's code is its own file.
 */
export interface FirstSyncRequest {
  companyID: string;
  userID: string;
  token: string;
}

let running: Worker | null = null;
let prepared: Worker | null = null;
let ended: (() => void)[] = [];

function finish(worker: Worker | null) {
  if (!worker || running !== worker) return;
  running = null;
  worker.terminate();
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
 * Loads the worker's code while the admin types (its file is as large as the sign-in page's own
 * code, and the first sync waited about 600 ms for it); it waits for `startFirstSync`.
 */
export function prepareFirstSync() {
  if (typeof Worker !== 'undefined') prepared ??= newWorker();
}

/** Starts the first sync of this user's database; a sign-in while one runs replaces it. */
export function startFirstSync(request: FirstSyncRequest) {
  stopFirstSync();
  if (typeof Worker === 'undefined') return; // the engine syncs when the console starts
  const worker = prepared ?? newWorker();
  prepared = null;
  worker.onmessage = () => finish(worker);
  worker.onerror = () => finish(worker);
  worker.postMessage(request);
  running = worker;
}

/**
 * Ends a running first sync (sign-out). A terminated worker's open transaction is aborted and its
 * lock released, and every page it committed is whole (applyPull), so nothing is half-written.
 */
export function stopFirstSync() {
  finish(running);
}
