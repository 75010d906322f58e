import Dexie from 'dexie';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { readRows } from './skill-chart-read';
import { CHART_TABLES, type WholeReply, type WholeRequest } from './skill-chart-whole';
import { buildMatrix, type MatrixFilters, type MatrixModel, type MatrixRows } from './skill-matrix-model';
import { unpackModel } from './skill-matrix-pack';

// The page's side of the whole chart's off-thread build (skill-chart-thread.ts): one worker while
// the chart is open, asked again when the filters or the day change or the chart's tables are
// written (by this page, another tab, the sync or a worker: Dexie's storagemutated event). The main
// thread receives the packed chart and only reads cells from it when drawing.

type Ask = { read: boolean; filters: MatrixFilters; today: string; have: string | null };
/** What the page asks for: `changes` counts the writes to the chart's tables it has seen (see onChartTablesChanged). */
export type ChartAsk = { changes: number; filters: MatrixFilters; today: string; have: string | null };
export type ChartBuilder = ReturnType<typeof startChartBuilder>;
/** A whole chart built: `key` names the rows read, the filters and the day ('' when built on the main thread). */
export type Whole = {
  key: string;
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
  try {
    worker = new Worker(new URL('./skill-chart-thread.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }

  // The main thread's way: the batched read, then the chart, as before the worker.
  let fallback: { rows: MatrixRows; at: string } | null = null;
  const onMain = async (ask: Ask, mine: number) => {
    const rows = ask.read || !fallback ? await readRows(db) : fallback.rows;
    const at = `${ask.today}|${JSON.stringify(ask.filters)}`;
    if (closed || mine !== seq || (fallback?.rows === rows && fallback.at === at)) return;
    fallback = { rows, at };
    onWhole({
      key: '',
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

  if (worker) {
    worker.onmessage = (event: MessageEvent<WholeReply>) => {
      const reply = event.data;
      if (closed || reply.seq !== seq || !last) return;
      if ('error' in reply) return toMain();
      if (reply.same) return;
      onWhole({
        key: reply.key,
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
  }

  /** The page's count of table changes at the last read (none yet: null). */
  let readAt: number | null = null;
  return {
    /** Asks for the chart for these filters and day, read again if the tables changed since the last read. */
    ask({ changes, ...rest }: ChartAsk) {
      if (closed) return;
      const ask: Ask = { ...rest, read: readAt !== changes };
      readAt = changes;
      seq += 1;
      last = ask;
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
