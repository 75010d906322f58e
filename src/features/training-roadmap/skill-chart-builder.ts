import Dexie from 'dexie';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { readRows } from './skill-chart-read';
import { CHART_TABLES, type WholeReply, type WholeRequest } from './skill-chart-whole';
import { buildMatrix, type MatrixFilters, type MatrixModel, type MatrixRows } from './skill-matrix-model';
import { unpackModel } from './skill-matrix-pack';

// The page's side of the whole chart's off-thread build (skill-chart-thread.ts): one worker while
// the chart is open (started at its first request), asked again when the filters or the day change
// or the chart's tables are written (by this page, another tab, the sync or the service worker:
// Dexie's storagemutated event). The main thread receives the packed chart and only reads cells
// from it when drawing.

type Ask = { changes: number; read: boolean; filters: MatrixFilters; today: string; have: string | null };
/** What the page asks for: `changes` is chartChanges(db).n when asking. */
export type ChartAsk = { changes: number; filters: MatrixFilters; today: string; have: string | null };
export type ChartBuilder = ReturnType<typeof startChartBuilder>;
/**
 * A whole chart built: `key` names the rows read, the filters and the day ('' when built on the
 * main thread); `at` is chartChanges(db).n when it was asked for (the rows were read after).
 */
export type Whole = {
  key: string;
  at: number;
  filters: MatrixFilters;
  today: string;
  model: MatrixModel;
  sections: LocalRow[];
  positions: LocalRow[];
};

/** Calls `onChange` when any table the chart reads is written; returns the unsubscribe. */
export function onChartTablesChanged(db: LocalDb, onChange: () => void) {
  const prefixes = CHART_TABLES.map((t) => `idb://${db.name}/${t}/`);
  const listener = (parts: Record<string, unknown>) => {
    for (const part of Object.keys(parts)) if (prefixes.some((p) => part.startsWith(p))) return onChange();
  };
  Dexie.on('storagemutated', listener);
  return () => Dexie.on('storagemutated').unsubscribe(listener);
}

const counters = new WeakMap<LocalDb, { n: number }>();
/**
 * How many writes to the chart's tables this page has been told of, counted from the first call
 * for good (chart open or not): a chart built when the count was the same is still the chart.
 */
export function chartChanges(db: LocalDb) {
  let counter = counters.get(db);
  if (!counter) {
    const c = { n: 0 };
    onChartTablesChanged(db, () => {
      c.n += 1;
    });
    counters.set(db, c);
    counter = c;
  }
  return counter;
}

/**
 * Builds the whole chart off the main thread for `db`, handing each new one to `onWhole` (answers
 * to superseded requests are dropped). Where no worker can run, or it fails, the same chart is
 * read and built on the main thread.
 */
export function startChartBuilder(db: LocalDb, onWhole: (whole: Whole) => void) {
  let seq = 0;
  let last: Ask | null = null;
  let closed = false;
  let worker: Worker | null = null;
  let spawned = false;

  // The main thread's way: the batched read, then the chart, as before the worker.
  let fallback: { rows: MatrixRows; at: string } | null = null;
  const onMain = async (ask: Ask, mine: number) => {
    const rows = ask.read || !fallback ? await readRows(db) : fallback.rows;
    const at = `${ask.today}|${JSON.stringify(ask.filters)}`;
    if (closed || mine !== seq || (fallback?.rows === rows && fallback.at === at)) return;
    fallback = { rows, at };
    onWhole({
      key: '',
      at: ask.changes,
      filters: ask.filters,
      today: ask.today,
      model: buildMatrix(rows, ask.filters, ask.today),
      sections: rows.sections,
      positions: rows.positions,
    });
  };
  const toMain = () => {
    worker?.terminate();
    worker = null;
    if (last && !closed) void onMain({ ...last, read: true }, seq).catch(() => undefined);
  };

  const spawn = () => {
    spawned = true;
    try {
      worker = new Worker(new URL('./skill-chart-thread.ts', import.meta.url), { type: 'module' });
    } catch {
      return;
    }
    worker.onmessage = (event: MessageEvent<WholeReply>) => {
      const reply = event.data;
      if (closed || reply.seq !== seq || !last) return;
      if ('error' in reply) return toMain();
      if (reply.same) return;
      onWhole({
        key: reply.key,
        at: last.changes,
        filters: last.filters,
        today: last.today,
        model: unpackModel(reply.packed),
        sections: reply.sections,
        positions: reply.positions,
      });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      toMain();
    };
  };

  /** The page's count of table changes at the last read (none yet: null). */
  let readAt: number | null = null;
  return {
    /** Asks for the chart for these filters and day, read again if the tables changed since the last read. */
    ask(request: ChartAsk) {
      if (closed) return;
      const ask: Ask = { ...request, read: readAt !== request.changes };
      readAt = request.changes;
      seq += 1;
      last = ask;
      if (!spawned) spawn();
      if (worker) worker.postMessage({ ...ask, seq, dbName: db.name } satisfies WholeRequest);
      else void onMain(ask, seq).catch(() => undefined);
    },
    close() {
      closed = true;
      worker?.terminate();
      worker = null;
    },
  };
}
