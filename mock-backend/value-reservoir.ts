/** A snapshot of recorded values: Dropwizard's figures that Graylog's metrics API reports for timers and histograms. */
export interface ReservoirSnapshot {
  min: number;
  max: number;
  mean: number;
  std_dev: number;
  "95th_percentile": number;
  "98th_percentile": number;
  "99th_percentile": number;
}

const SIZE = 1028;

/**
 * The last 1,028 values recorded (Dropwizard's sliding-window reservoir size), for the distribution of request
 * durations or batch sizes: recent enough to show a change, large enough for a 99th percentile.
 */
export class ValueReservoir {
  private readonly values: number[] = [];
  private next = 0;
  private recorded = 0;

  record(value: number): void {
    if (this.values.length < SIZE) this.values.push(value);
    else this.values[this.next] = value;
    this.next = (this.next + 1) % SIZE;
    this.recorded++;
  }

  /** How many values were ever recorded (not only those kept). */
  get count(): number {
    return this.recorded;
  }

  snapshot(): ReservoirSnapshot {
    const sorted = [...this.values].sort((a, b) => a - b);
    if (sorted.length === 0) {
      return { min: 0, max: 0, mean: 0, std_dev: 0, "95th_percentile": 0, "98th_percentile": 0, "99th_percentile": 0 };
    }
    const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    const variance = sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / sorted.length;
    const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    return {
      min: sorted[0],
      max: sorted[sorted.length - 1],
      mean,
      std_dev: Math.sqrt(variance),
      "95th_percentile": quantile(0.95),
      "98th_percentile": quantile(0.98),
      "99th_percentile": quantile(0.99),
    };
  }
}
