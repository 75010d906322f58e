import { RESOURCE_NAMES, RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import { ApiError } from '@/data/http/http-client';
import { applyPull, LAST_SYNCED_KEY, readCursors } from '@/data/sync/sync-pull';
import { applyResults, selectBatch, toMutations } from '@/data/sync/sync-push';
import type { MutationResult, PullResponse, Transport } from '@/data/sync/transport';
import type { UploadRunner } from '@/data/uploads/upload-types';

export type RoundOutcome =
  | { kind: 'done' }
  | { kind: 'transient'; httpStatus: number; message: string; retryAfterMs?: number; sent: number[] }
  | { kind: 'auth'; message: string };

export interface RoundOptions {
  db: LocalDb;
  transport: Transport;
  signal: AbortSignal;
  /** Pull after pushing (a write only needs the push). */
  pull?: boolean;
  batchSize?: number;
  pullLimit?: number;
  now?: () => number;
  /** Uploads staged files between pushes; without it, entries that reference one wait. */
  uploads?: UploadRunner;
}

const DONE: RoundOutcome = { kind: 'done' };
const MAX_PULL_PAGES = 1000;

function failure(error: unknown, sent: number[] = []): RoundOutcome {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'auth') return { kind: 'auth', message: error.message };
  const { httpStatus, message, retryAfterMs } = error;
  return { kind: 'transient', httpStatus, message, retryAfterMs, sent };
}

const firstProblem = (results: MutationResult[]) =>
  results.find(
    (r) => r.httpStatus === 401 || r.httpStatus === 0 || r.httpStatus >= 500 || r.httpStatus === 429,
  );

/** Ordered, one request at a time: sends batches oldest first until nothing is sendable or a request fails. */
export async function pushAll({
  db,
  transport,
  signal,
  batchSize = 100,
}: RoundOptions): Promise<RoundOutcome> {
  for (;;) {
    const batch = await selectBatch(db, batchSize);
    if (!batch.length) return DONE;
    const sent = batch.map((e) => e.seq!);
    let results: MutationResult[];
    try {
      ({ results } = await transport.push(toMutations(batch), signal));
    } catch (error) {
      return failure(error, sent);
    }
    const outcome = await applyResults(db, batch, results);
    const problem = firstProblem(results);
    if (outcome.auth) return { kind: 'auth', message: problem?.message ?? 'Sign in again' };
    // Nothing settled (a missing result, or all skipped): retry later rather than spin.
    if (outcome.transient || outcome.settled === 0) {
      const message = problem?.message ?? 'The server did not answer every change';
      return { kind: 'transient', httpStatus: problem?.httpStatus ?? 502, message, sent };
    }
  }
}

/** Rows per resource per pull answer: the most the server gives (contract/sync.ts). */
export const PULL_PAGE = 5000;

/**
 * Idempotent: pulls every resource from its cursor, page by page while the server has more. The
 * next page is asked for while the current one is written (its cursors are in the answer), so the
 * server's work and the local write overlap; answers are still applied one at a time, in order,
 * and a cursor only moves when its page has committed.
 */
export async function pullAll({
  db,
  transport,
  signal,
  pullLimit = PULL_PAGE,
  now = Date.now,
}: RoundOptions) {
  const ask = (cursors: Record<string, string>) => {
    const answer = transport.pull(cursors, pullLimit, signal);
    answer.catch(() => {}); // awaited below; a page abandoned by a failed write must not be unhandled
    return answer;
  };
  let next: Promise<PullResponse> | null = ask(await readCursors(db, RESOURCE_NAMES));
  for (let page = 0; next && page < MAX_PULL_PAGES; page++) {
    let changes: PullResponse['changes'];
    try {
      ({ changes } = await next);
    } catch (error) {
      return failure(error);
    }
    const more = Object.entries(changes).filter(([r, c]) => r in RESOURCES && c.more);
    next = more.length ? ask(Object.fromEntries(more.map(([r, c]) => [r, c.cursor]))) : null;
    await applyPull(db, changes);
  }
  await db.meta.put({ key: LAST_SYNCED_KEY, value: new Date(now()).toISOString() });
  return DONE;
}

/**
 * Ordered per record: sends what is sendable, then uploads the staged files entries wait on (a big
 * file never delays other records), then sends the entries those uploads released.
 */
async function pushWithUploads(options: RoundOptions): Promise<RoundOutcome> {
  const pushed = await pushAll(options);
  if (pushed.kind !== 'done' || !options.uploads) return pushed;
  const uploads = await options.uploads(options.db, options.signal);
  if (uploads.kind === 'transient') return { ...uploads, sent: [] };
  if (uploads.kind === 'auth') return uploads;
  return pushAll(options);
}

/** One sync round: push (and upload), then (if asked) pull. Also what a service worker runs for Background Sync. */
export async function syncRound(options: RoundOptions): Promise<RoundOutcome> {
  const pushed = await pushWithUploads(options);
  if (pushed.kind !== 'done' || !options.pull) return pushed;
  return pullAll(options);
}
