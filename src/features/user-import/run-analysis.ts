import type { AnalyseRequest, AnalyseResult } from '@/features/user-import/analyse-file';

/** Runs the analysis in a module worker; the bytes are transferred, not copied. */
export function runAnalysis(req: AnalyseRequest): Promise<AnalyseResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
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
