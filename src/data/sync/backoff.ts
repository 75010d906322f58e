export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Delay before retry number `attempt` (0 = first retry): exponential with full jitter, so many
 * clients that failed together do not come back together. A Retry-After from the server is a
 * floor; up to one base of jitter is added on top so they do not all return on the same second.
 */
export function nextDelay(attempt: number, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  if (retryAfterMs === undefined) return Math.floor(random() * ceiling);
  return retryAfterMs + Math.floor(random() * BACKOFF_BASE_MS);
}
