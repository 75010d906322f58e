import type { LocalDb } from '@/data/db/local-db';
import { nextDelay } from '@/data/sync/backoff';
import { type DrainLock, drainLockFor } from '@/data/sync/drain-lock';
import { type SyncClock, systemClock } from '@/data/sync/sync-clock';
import { noteAttempt } from '@/data/sync/sync-push';
import { type RoundOutcome, syncRound } from '@/data/sync/sync-round';
import { createSyncStateStore, type SyncStateStore } from '@/data/sync/sync-state';
import { listenForTriggers } from '@/data/sync/sync-triggers';
import { watchOutbox } from '@/data/sync/sync-watch';
import type { Transport } from '@/data/sync/transport';
import { pruneOrphanBlobs } from '@/data/uploads/upload-refs';
import type { UploadRunner } from '@/data/uploads/upload-types';

export interface SyncEngineOptions {
  db: LocalDb;
  transport: Transport;
  /** Uploads staged files in each round (upload-queue.ts httpUploads); without it such records wait. */
  uploads?: UploadRunner;
  lock?: DrainLock;
  clock?: SyncClock;
  random?: () => number;
  /** A 401 stopped draining: send the admin to sign in, then call `resumeAfterSignIn`. */
  onAuthRequired?: () => void;
  store?: SyncStateStore;
  intervalMs?: number;
  batchSize?: number;
  pullLimit?: number;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
}

export interface SyncEngine {
  readonly db: LocalDb;
  readonly state: SyncStateStore;
  start(): void;
  stop(): Promise<void>;
  /** Push then pull now, even inside a backoff window; still one request at a time. */
  syncNow(): Promise<void>;
  resumeAfterSignIn(): Promise<void>;
}

type Want = { pull: boolean; force: boolean };

export function createSyncEngine(o: SyncEngineOptions): SyncEngine {
  const { db, transport, clock = systemClock, random = Math.random, intervalMs = 30_000 } = o;
  const lock = o.lock ?? drainLockFor(db.name);
  const state = o.store ?? createSyncStateStore();
  const isOnline = o.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  const isVisible = o.isVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  let stopped = true;
  let leader = false;
  let controller = new AbortController();
  let running: Promise<void> | null = null;
  let queued: (Want & { promise: Promise<void>; resolve: (p: Promise<void>) => void }) | null = null;
  let attempt = 0;
  let retryAt = 0;
  let lastFailure = -1;
  let timer: unknown = null;
  let cleanups: (() => void)[] = [];

  function schedule(ms: number) {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      if (retryAt || isVisible()) void kick({ pull: true, force: false }); // periodic pulls pause while hidden
    }, ms);
  }

  function kick(want: Want): Promise<void> {
    if (stopped || !leader || state.getSnapshot().authRequired || !isOnline()) return Promise.resolve();
    if (!want.force && clock.now() < retryAt) return Promise.resolve();
    if (!running) {
      running = round(want.pull).finally(() => {
        running = null;
        const next = queued;
        queued = null;
        if (next) next.resolve(kick(next));
      });
      return running;
    }
    if (queued) {
      queued.pull ||= want.pull;
      queued.force ||= want.force;
    } else {
      let resolve!: (p: Promise<void>) => void;
      const promise = new Promise<void>((r) => (resolve = r));
      queued = { ...want, promise, resolve };
    }
    return queued.promise;
  }

  async function round(pull: boolean) {
    state.set({ draining: true });
    let outcome: RoundOutcome;
    try {
      outcome = await syncRound({
        db,
        transport,
        uploads: o.uploads,
        signal: controller.signal,
        pull,
        batchSize: o.batchSize,
        pullLimit: o.pullLimit,
        now: clock.now,
      });
    } catch (error) {
      if (stopped) return;
      outcome = { kind: 'transient', httpStatus: -1, message: String(error), sent: [] };
    } finally {
      state.set({ draining: false });
    }
    if (!stopped) settle(outcome, pull);
  }

  function settle(outcome: RoundOutcome, pulled: boolean) {
    const now = clock.now();
    if (outcome.kind === 'done') {
      attempt = 0;
      retryAt = 0;
      lastFailure = -1;
      state.set({ lastError: null, retryAt: null });
      if (pulled || timer === null) schedule(intervalMs);
    } else if (outcome.kind === 'auth') {
      state.set({ authRequired: true, lastError: { httpStatus: 401, message: outcome.message, at: now } });
      o.onAuthRequired?.();
    } else {
      const delay = nextDelay(attempt++, random, outcome.retryAfterMs);
      retryAt = now + delay;
      lastFailure = outcome.httpStatus;
      state.set({
        retryAt,
        lastError: { httpStatus: outcome.httpStatus, message: outcome.message, at: now },
      });
      void noteAttempt(db, outcome.sent, retryAt).catch(() => 0);
      schedule(delay);
    }
  }

  function listen() {
    const sync = (pull: boolean) => void kick({ pull, force: false });
    cleanups.push(
      listenForTriggers(db, isVisible, {
        online() {
          state.set({ online: true });
          if (lastFailure === 0) retryAt = 0; // the failure was the network, which is back
          sync(true);
        },
        offline: () => state.set({ online: false }),
        visible: () => sync(true),
        write: () => sync(false),
      }),
      watchOutbox(db, state),
      db.onEvent((event) => event.kind === 'versionchange' && void stop()),
    );
  }

  function start() {
    if (!stopped) return;
    stopped = false;
    controller = new AbortController();
    state.set({ online: isOnline() });
    listen();
    lock.acquire(controller.signal).then(
      (release) => {
        if (stopped) return release();
        cleanups.push(release);
        leader = true;
        state.set({ leader: true });
        // The leader alone, so no other tab's upload pass runs meanwhile.
        void pruneOrphanBlobs(db).catch(() => {});
        void kick({ pull: true, force: false });
      },
      () => undefined,
    );
  }

  async function stop() {
    if (stopped) return;
    stopped = true;
    leader = false;
    controller.abort();
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    state.set({ leader: false, draining: false });
    await running;
  }

  return {
    db,
    state,
    start,
    stop,
    syncNow: () => kick({ pull: true, force: true }),
    resumeAfterSignIn() {
      state.set({ authRequired: false, lastError: null });
      attempt = 0;
      retryAt = 0;
      return kick({ pull: true, force: true });
    },
  };
}
