import type { ExistingUsers, ValidRow } from './validate-rows.ts';
import { keyOf } from './validate-rows.ts';

/** Where imported users go: in the app, the local User table through the outbox. */
export interface UserSink {
  existing(): Promise<ExistingUsers>;
  /** One atomic local write (row + outbox entry) or nothing; throws on refusal. */
  create(payload: Record<string, unknown>): Promise<void>;
}

export type SkipReason =
  | { kind: 'exists'; column: 'employeeId' | 'username' }
  | { kind: 'failed'; message: string };
export interface ImportReport {
  added: number[];
  skipped: { row: number; reason: SkipReason }[];
  /** Rows never tried because the import stopped (storage full, database closed). */
  notTried: number[];
}

const CHUNK = 100;
const nextTick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Creates each row with its own atomic write, so a stop mid-way leaves whole rows only. Safe to
 * re-run: a row whose employee ID or username is already stored (e.g. added by an earlier run) is
 * skipped, not created again.
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
  for (let i = 0; i < rows.length; i++) {
    const { row, payload } = rows[i]!;
    const id = keyOf(String(payload.employeeId));
    const name = keyOf(String(payload.username));
    if (ids.has(id)) report.skipped.push({ row, reason: { kind: 'exists', column: 'employeeId' } });
    else if (names.has(name)) report.skipped.push({ row, reason: { kind: 'exists', column: 'username' } });
    else {
      try {
        await sink.create(payload);
        ids.add(id);
        names.add(name);
        report.added.push(row);
      } catch (error) {
        if (isFatal(error)) {
          report.skipped.push({ row, reason: { kind: 'failed', message: messageOf(error) } });
          report.notTried = rows.slice(i + 1).map((r) => r.row);
          onProgress(i + 1, rows.length);
          return report;
        }
        report.skipped.push({ row, reason: { kind: 'failed', message: messageOf(error) } });
      }
    }
    if ((i + 1) % CHUNK === 0 || i + 1 === rows.length) {
      onProgress(i + 1, rows.length);
      await nextTick();
    }
  }
  return report;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
// A full disk or a closed database fails every following row too: stop and say which were not tried.
const isFatal = (e: unknown) =>
  e instanceof Error && ['StorageFullError', 'DatabaseClosedError', 'QuotaExceededError'].includes(e.name);
