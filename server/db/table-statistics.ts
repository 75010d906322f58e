import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client.ts';

/** What autovacuum waits for before it analyses a table: 50 rows and 10 % of the table. */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SCALE = 0.1;
/** Writes usually come in runs (a Push of 500 rows after another): analyse once the run pauses. */
export const ANALYZE_QUIET_MS = 300;
/** ...or at the latest this long after the first write that made it due, in a run that does not pause. */
export const ANALYZE_LATEST_MS = 5_000;

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The planner's statistics after bulk writes (issue 14).
 *
 * PostgreSQL plans each query from its statistics of the tables. After thousands of rows are
 * written at once (a device's outbox, an import), the planner keeps seeing the old table until it
 * is analysed again, and on a new database it has no statistics at all. The List's version read
 * (max(seq) of one company's resource, list-cache.ts) was then planned as a read of every row of
 * that resource instead of one index probe: 3 ms instead of 0.03 ms with 10,000 FAQs, and Faq/List
 * on PostgreSQL answered 500 requests a second instead of 2,300. PostgreSQL's autovacuum analyses
 * such a table within about a minute; PGlite has no autovacuum (db/housekeeping.ts analyses it
 * hourly).
 *
 * So the server counts the rows it writes per table, and once they pass what autovacuum waits for
 * (50 rows and 10 % of the table at its last analysis), it analyses that table in the background,
 * when the writes pause (or after 5 s of writes that do not), one table at a time. ANALYZE reads a
 * sample of at most 30,000 rows, and it ends the plans kept for the table's prepared statements,
 * so they are planned again with the new figures.
 */
export class TableStatistics {
  /** Rows written since the table's last analysis (by this process). */
  private readonly written = new Map<string, number>();
  /** The table's rows at its last analysis (pg_class.reltuples), once read. */
  private readonly size = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private dueSince: number | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  private readonly db: Db;
  private readonly log: Log;

  constructor(db: Db, log: Log) {
    this.db = db;
    this.log = log;
  }

  /** `rows` rows of `table` were written and committed. */
  wrote(table: string, rows: number) {
    if (rows <= 0 || this.closed) return;
    this.written.set(table, (this.written.get(table) ?? 0) + rows);
    this.schedule();
  }

  /** Waits for an analysis under way; no new one starts. */
  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (!this.maybeDue()) return;
    const now = Date.now();
    this.dueSince ??= now;
    clearTimeout(this.timer);
    const wait = Math.min(ANALYZE_QUIET_MS, Math.max(0, this.dueSince + ANALYZE_LATEST_MS - now));
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }

  /** Whether a table may be due: past the threshold, or past its base while its size is unknown. */
  private maybeDue() {
    for (const [table, n] of this.written)
      if (n >= ANALYZE_BASE_ROWS + ANALYZE_SCALE * (this.size.get(table) ?? 0)) return true;
    return false;
  }

  private run() {
    if (this.running || this.closed) return;
    this.dueSince = undefined;
    this.running = this.analyzeDue()
      .catch((err) => this.log.warn({ err }, 'analysing tables after bulk writes failed'))
      .finally(() => {
        this.running = undefined;
        // Writes that came meanwhile and made a table due.
        if (!this.closed) this.schedule();
      });
  }

  private async analyzeDue() {
    for (const [table, n] of [...this.written]) {
      if (!this.size.has(table)) this.size.set(table, await this.reltuples(table));
      if (n < ANALYZE_BASE_ROWS + ANALYZE_SCALE * this.size.get(table)!) continue;
      this.written.set(table, 0);
      await this.db.execute(sql`analyze ${sql.identifier(table)}`);
      this.size.set(table, await this.reltuples(table));
    }
  }

  private async reltuples(table: string) {
    const [row] = await rowsOf<{ reltuples: number | string }>(
      this.db,
      sql`select reltuples from pg_class where oid = to_regclass(${table})`,
    );
    // -1 (or no row) when never analysed.
    return Math.max(0, Number(row?.reltuples ?? 0));
  }
}
