import type { AnalyseRequest, AnalyseResult } from '@/features/user-import/analyse-file';

const spawn = () => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
let warm: Worker | null = null;

/**
 * Starts a worker ahead of the file pick, so loading and compiling its code (SheetJS, zod) is
 * not part of the wait for the preview. Returns the clean-up for when the page goes away.
 */
export function prewarmAnalysis(): () => void {
  if (typeof Worker === 'undefined') return () => {};
  warm ??= spawn();
  return () => {
    warm?.terminate();
    warm = null;
  };
}

/** Runs the analysis in a module worker (the warm one if any); the bytes are transferred, not copied. */
export function runAnalysis(req: AnalyseRequest): Promise<AnalyseResult> {
  return new Promise((resolve, reject) => {
    const worker = warm ?? spawn();
    warm = null;
    worker.onmessage = (event: MessageEvent<AnalyseResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The import worker failed'));
    };
    worker.postMessage(req, [req.bytes]);
  });
}
