// A bounded closed-loop load: `concurrency` workers send requests back to back for `ms`, after
// `warmupMs` of the same load that is not counted.
export type LoadFigures = { requests: number; rps: number; p50: number; p95: number; p99: number };

export async function runLoad(
  request: () => Promise<void>,
  ms: number,
  concurrency: number,
  warmupMs = 0,
): Promise<LoadFigures> {
  if (warmupMs > 0) await runLoad(request, warmupMs, concurrency);
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await request();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

export const describeLoad = (label: string, f: LoadFigures) =>
  `${label.padEnd(44)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(2).padStart(6)} ms   p95 ${f.p95
    .toFixed(2)
    .padStart(6)} ms   p99 ${f.p99.toFixed(2).padStart(6)} ms   (${f.requests} requests)`;
