import type { AnalyseRequest, AnalyseResult } from '@/features/user-import/analyse-file';
import { offThreadRunner } from '@/ui/xlsx/off-thread-runner';

const runner = offThreadRunner<AnalyseRequest, AnalyseResult>(
  () => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' }),
  (req) => [req.bytes],
);

/** Starts a worker ahead of the file pick; returns the clean-up for when the page goes away. */
export const prewarmAnalysis = runner.prewarm;

/** Runs the analysis in a module worker (the warm one if any); the bytes are transferred, not copied. */
export const runAnalysis = runner.run;
