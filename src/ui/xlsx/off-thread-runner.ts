/**
 * Jobs in module workers made by `spawn` (one per job, ended after it), with one started ahead of
 * the first job (`prewarm`), so loading and compiling the worker's code (SheetJS, zod) is not part
 * of the wait. `transfer` names what moves to the worker instead of being copied (file bytes).
 * (Not named "worker": the service worker defers files so named, and this one is route code.)
 */
export function offThreadRunner<Req, Res>(spawn: () => Worker, transfer: (req: Req) => Transferable[]) {
  let warm: Worker | null = null;
  return {
    /** Starts the warm worker; returns the clean-up for when the page goes away. */
    prewarm(): () => void {
      if (typeof Worker === 'undefined') return () => {};
      warm ??= spawn();
      return () => {
        warm?.terminate();
        warm = null;
      };
    },
    run(req: Req): Promise<Res> {
      return new Promise((resolve, reject) => {
        const worker = warm ?? spawn();
        warm = null;
        worker.onmessage = (event: MessageEvent<Res>) => {
          worker.terminate();
          resolve(event.data);
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(event.message || 'The import worker failed'));
        };
        worker.postMessage(req, transfer(req));
      });
    },
  };
}
