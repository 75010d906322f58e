import type { ExistingUsers, ValidRow } from './validate-rows.ts';
import { keyOf } from './validate-rows.ts';

export interface ChunkItem {
  row: number;
  payload: Record<string, unknown>;
}
/** Per row: added, or refused with a message. */
export type ChunkResult = { row: number; error?: string };

/** Where imported users go: in the app, the local User table through the outbox. */
export interface UserSink {
  existing(): Promise<ExistingUsers>;
  /**
   * Writes a chunk of rows in one commit: every row it reports as added is stored with its outbox
   * entry, or it throws and nothing of the chunk is stored (full disk, closed database).
   */
  createChunk(items: ChunkItem[]): Promise<ChunkResult[]>;
}

export type SkipReason =
  | { kind: 'exists'; column: 'employeeId' | 'username' }
  | { kind: 'failed'; message: string };
export interface ImportReport {
  added: number[];
  skipped: { row: number; reason: SkipReason }[];
  /** Rows not written because the import stopped, and why (`stopped`). */
  notTried: number[];
  stopped?: string;
}

const CHUNK = 200;
const nextTick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Stores rows chunk by chunk; a stop mid-way leaves whole rows only and the report says which
 * were and were not added. Safe to re-run: a row whose employee ID or username is already stored
 * (e.g. added by an earlier run) is skipped, not created again.
 */
export async function importUsers(
  sink: UserSink,
  rows: readonly ValidRow[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const existing = await sink.existing();
  const ids = new Set(existing.employeeIds.map(keyOf));
  const names = new Set(existing.usernames.map(keyOf));
  const report: ImportReport = { added: [], skipped: [], notTried: [] };
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk: ChunkItem[] = [];
    for (const { row, payload } of rows.slice(start, start + CHUNK)) {
      const id = keyOf(String(payload.employeeId));
      const name = keyOf(String(payload.username));
      if (ids.has(id)) report.skipped.push({ row, reason: { kind: 'exists', column: 'employeeId' } });
      else if (names.has(name)) report.skipped.push({ row, reason: { kind: 'exists', column: 'username' } });
      else {
        ids.add(id);
        names.add(name);
        chunk.push({ row, payload });
      }
    }
    try {
      const results = chunk.length ? await sink.createChunk(chunk) : [];
      for (const r of results) {
        if (r.error === undefined) report.added.push(r.row);
        else report.skipped.push({ row: r.row, reason: { kind: 'failed', message: r.error } });
      }
    } catch (error) {
      report.stopped = error instanceof Error ? error.message : String(error);
      report.notTried = [...chunk.map((c) => c.row), ...rows.slice(start + CHUNK).map((r) => r.row)];
      report.skipped.sort((a, b) => a.row - b.row);
      return report;
    }
    onProgress(Math.min(start + CHUNK, rows.length), rows.length);
    await nextTick();
  }
  report.skipped.sort((a, b) => a.row - b.row);
  return report;
}
