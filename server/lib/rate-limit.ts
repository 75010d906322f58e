/**
 * Fixed-window counter kept in memory: enough for one process guarding a cheap abuse path
 * (reset e-mails). Several instances each count on their own, which only loosens the limit.
 */
export function createRateLimiter(opts: { max: number; windowMs: number; now: () => Date }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts a hit; returns 0 when allowed, else the seconds until the window ends. */
    hit(key: string): number {
      const now = opts.now().getTime();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return w.count > opts.max ? Math.ceil((w.start + opts.windowMs - now) / 1000) : 0;
    },
    /** Without counting: 0 while under the limit, else the seconds until the window ends. */
    waitFor(key: string): number {
      const now = opts.now().getTime();
      const w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs || w.count < opts.max) return 0;
      return Math.ceil((w.start + opts.windowMs - now) / 1000);
    },
  };
}
