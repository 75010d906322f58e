import { offThreadRunner } from '@/ui/xlsx/off-thread-runner';
import type { QuestionFileRequest, QuestionFileResult } from './quiz-import-analysis';

/** The analysis in a module worker, so a large sheet never blocks the builder. */
export const questionFileRunner = offThreadRunner<QuestionFileRequest, QuestionFileResult>(
  () => new Worker(new URL('./quiz-import-worker.ts', import.meta.url), { type: 'module' }),
  (req) => [req.bytes],
);
