/** Median and 95th percentile of a sample, in its own unit. */
export function summarize(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
  return { median: at(0.5), p95: at(0.95) };
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
