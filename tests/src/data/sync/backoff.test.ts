import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, nextDelay } from '@/data/sync/backoff';

describe('nextDelay', () => {
  it('grows exponentially from 1 s with full jitter and stops at 5 minutes', () => {
    expect([0, 1, 2, 3].map((a) => nextDelay(a, () => 0.999999))).toEqual([999, 1999, 3999, 7999]);
    expect(nextDelay(0, () => 0)).toBe(0);
    expect(nextDelay(30, () => 0.999999)).toBe(BACKOFF_CAP_MS - 1);
    expect(nextDelay(3, () => 0.25)).toBe(2000);
  });

  it('spreads clients that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => nextDelay(5, Math.random)));
    expect(delays.size).toBeGreaterThan(40);
  });

  it('treats Retry-After as a floor with less than a second of jitter', () => {
    expect(nextDelay(0, () => 0, 30_000)).toBe(30_000);
    expect(nextDelay(9, () => 0.5, 30_000)).toBe(30_500);
  });
});
