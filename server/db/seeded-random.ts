// Deterministic randomness for the demo seed and the benches: the same data every run.

/** mulberry32: small, fast, deterministic; numbers in [0, 1). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks index i with probability proportional to weights[i], by binary search of the sums. */
export function sampler(weights: readonly number[], random: () => number) {
  const sums: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    sums.push(total);
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
