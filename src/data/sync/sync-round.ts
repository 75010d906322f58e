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
  /** Each pull answer as it arrives, before it is written (the first sync shows its rows at once). */
  onPulled?: (changes: PullResponse['changes']) => void;
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

/** Answers asked for ahead of the one being written (each up to PULL_PAGE rows per resource). */
export const PULL_AHEAD = 2;

type Changes = PullResponse['changes'];

/** The cursors to ask from after this answer: its resources that have more. */
function moreAfter(changes: Changes) {
  const more = Object.entries(changes).filter(([r, c]) => r in RESOURCES && c.more);
  return more.length ? Object.fromEntries(more.map(([r, c]) => [r, c.cursor])) : null;
}

type Ask = (
  cursors: Record<string, string>,
  onNext: (cursors: Record<string, string>) => void,
) => Promise<PullResponse>;

const cursorKey = (cursors: Record<string, string>) => JSON.stringify(Object.entries(cursors).sort());

/**
 * Asks page after page: each as soon as the answer before it names its cursors (in a header, before
 * its rows are read: contract/sync.ts), else once that answer is in, while at most PULL_AHEAD
 * answers wait to be written or were asked for early (so memory stays bounded however far the
 * server's answers run ahead). An answer's own cursors are the ones that count: a page asked for
 * early is used only if they match. `take` gives every answer in so far, in order; none left and
 * the pull over (finished or failed), it gives an empty list.
 */
function prefetch(first: Record<string, string>, ask: Ask, onPulled?: (changes: Changes) => void) {
  const ready: Changes[] = [];
  let over = false;
  let error: unknown = null;
  let arrived = () => {};
  let room = () => {};
  const early = new Map<string, Promise<PullResponse>>();
  const onNext = (cursors: Record<string, string>) => {
    const key = cursorKey(cursors);
    if (ready.length + early.size >= PULL_AHEAD || early.has(key)) return;
    // The slot is taken before the request leaves, so an answer naming its own next page at once
    // cannot ask past the bound.
    const answer = Promise.resolve().then(() => ask(cursors, onNext));
    answer.catch(() => {}); // an early page left unused must not be unhandled
    early.set(key, answer);
  };
  const askFor = (cursors: Record<string, string>) => {
    const key = cursorKey(cursors);
    const asked = early.get(key);
    early.delete(key);
    return asked ?? ask(cursors, onNext);
  };
  void (async () => {
    let answer = ask(first, onNext);
    for (;;) {
      let changes: Changes;
      try {
        changes = (await answer).changes;
        ready.push(changes);
      } catch (e) {
        error = e;
        break;
      } finally {
        arrived();
      }
      const cursors = moreAfter(changes);
      // The next page is asked for before this one is handed over (the first sync's worker copies
      // its rows to the page), unless PULL_AHEAD answers already wait.
      let next =
        cursors && (early.has(cursorKey(cursors)) || ready.length < PULL_AHEAD) ? askFor(cursors) : null;
      try {
        onPulled?.(changes);
      } catch (e) {
        error = e;
        break;
      }
      if (!cursors) break;
      while (!next) {
        if (ready.length < PULL_AHEAD) next = askFor(cursors);
        else await new Promise<void>((r) => (room = r));
      }
      answer = next;
    }
    over = true;
    arrived();
  })();
  return {
    async take(): Promise<{ answers: Changes[]; error: unknown }> {
      while (!ready.length && !over) await new Promise<void>((r) => (arrived = r));
      const answers = ready.splice(0);
      room();
      return { answers, error: answers.length ? null : error };
    },
  };
}

/**
 * Idempotent: pulls every resource from its cursor, page by page while the server has more. The
 * next page is asked for as soon as the answer before it names it, while earlier ones are written,
 * so the server's work and the local writes overlap; answers are applied in order, those that
 * arrived during a write together in the next one (one commit, so a list re-reads once, not once
 * per page), and a cursor only moves when its page has committed. On a failed request the answers
 * already in are written, then the round ends with the failure.
 */
export async function pullAll({
  db,
  transport,
  signal,
  pullLimit = PULL_PAGE,
  now = Date.now,
  onPulled,
}: RoundOptions) {
  const ask: Ask = (cursors, onNext) => {
    const answer = transport.pull(cursors, pullLimit, signal, onNext);
    answer.catch(() => {}); // awaited by prefetch; a page abandoned by a failed write must not be unhandled
    return answer;
  };
  const pages = prefetch(await readCursors(db, RESOURCE_NAMES), ask, onPulled);
  for (let applied = 0; applied < MAX_PULL_PAGES; ) {
    const { answers, error } = await pages.take();
    if (error) return failure(error);
    if (!answers.length) break;
    await applyPull(db, ...answers);
    applied += answers.length;
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
