import { useEffect, useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { AnalyseRequest, AnalyseResult } from '@/features/user-import/analyse-file';
import type { ImportColumn } from '@/features/user-import/import-columns';
import { type ImportReport, importUsers } from '@/features/user-import/import-users';
import { existingUsers, localUserSink, namedRefs } from '@/features/user-import/local-user-sink';
import { prewarmAnalysis, runAnalysis } from '@/features/user-import/run-analysis';
import type { InvalidRow, ValidRow } from '@/features/user-import/validate-rows';
import type { FileProblem } from '@/ui/xlsx/read-workbook';

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'reading'; name: string }
  | { step: 'problem'; name: string; problem: FileProblem; detail?: string }
  | { step: 'columns'; name: string; missing: ImportColumn[] }
  | { step: 'preview'; name: string; valid: ValidRow[]; invalid: InvalidRow[] }
  | { step: 'importing'; name: string; valid: ValidRow[]; invalid: InvalidRow[]; done: number }
  | { step: 'done'; name: string; report: ImportReport };

type Analyse = (req: AnalyseRequest) => Promise<AnalyseResult>;

/** Longest wait for a sync before the preview: a slow network must not hold the preview up. */
const REFRESH_WAIT_MS = 8_000;

/**
 * Pick a file -> worker preview -> import the valid rows; nothing is written before `start`.
 * `refresh` (a sync) runs first when online, so duplicates are checked against the server's
 * latest users, not only this device's copy; offline the preview uses the copy, and a clash
 * found at sync is parked on the sync page, never duplicated.
 */
export function useUserImport(
  db: LocalDb | null,
  analyse: Analyse = runAnalysis,
  refresh?: () => Promise<void>,
) {
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  useEffect(() => (analyse === runAnalysis ? prewarmAnalysis() : undefined), [analyse]);

  async function pick(file: File) {
    const name = file.name;
    setPhase({ step: 'reading', name });
    try {
      if (refresh && navigator.onLine) {
        const synced = Promise.resolve()
          .then(refresh)
          .catch(() => {});
        await Promise.race([synced, new Promise((r) => setTimeout(r, REFRESH_WAIT_MS))]);
      }
      const [bytes, existing, roles, departments] = await Promise.all([
        file.arrayBuffer(),
        db ? existingUsers(db) : { employeeIds: [], usernames: [] },
        db ? namedRefs(db, 'Role') : [],
        db ? namedRefs(db, 'Department') : [],
      ]);
      const result = await analyse({ name, bytes, existing, roles, departments });
      if (!result.ok)
        setPhase(
          'problem' in result
            ? {
                step: 'problem',
                name,
                problem: result.problem,
                detail: (result as { detail?: string }).detail,
              }
            : { step: 'columns', name, missing: result.missingColumns },
        );
      else setPhase({ step: 'preview', name, valid: result.valid, invalid: result.invalid });
    } catch (error) {
      setPhase({ step: 'problem', name, problem: 'unreadable', detail: String(error) });
    }
  }

  async function start() {
    if (phase.step !== 'preview' || !db) return;
    const { name, valid, invalid } = phase;
    setPhase({ step: 'importing', name, valid, invalid, done: 0 });
    const report = await importUsers(localUserSink(db), valid, (done) =>
      setPhase({ step: 'importing', name, valid, invalid, done }),
    );
    setPhase({ step: 'done', name, report });
  }

  return { phase, pick, start, reset: () => setPhase({ step: 'idle' }) };
}
