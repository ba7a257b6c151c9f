/**
 * Counts events and reports their rate: the last full second, and exponentially weighted 1/5/15-minute
 * averages like Dropwizard meters (what Graylog's metrics API reports).
 */
export class ThroughputMeter {
  private count = 0;
  private currentSecond = 0;
  private currentSecondCount = 0;
  private lastSecondCount = 0;
  private readonly startedAt: number;
  private readonly averages = [
    { minutes: 1, rate: 0 },
    { minutes: 5, rate: 0 },
    { minutes: 15, rate: 0 },
  ];

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
    this.currentSecond = Math.floor(this.startedAt / 1000);
  }

  mark(events = 1): void {
    this.roll();
    this.count += events;
    this.currentSecondCount += events;
  }

  get total(): number {
    return this.count;
  }

  /** Events in the last complete second. */
  get oneSecondRate(): number {
    this.roll();
    return this.lastSecondCount;
  }

  get meanRate(): number {
    const seconds = (this.now() - this.startedAt) / 1000;
    return seconds > 0 ? this.count / seconds : 0;
  }

  rate(minutes: 1 | 5 | 15): number {
    this.roll();
    return this.averages.find((a) => a.minutes === minutes)!.rate;
  }

  private roll(): void {
    const second = Math.floor(this.now() / 1000);
    while (this.currentSecond < second) {
      for (const average of this.averages) {
        const alpha = 1 - Math.exp(-1 / (60 * average.minutes));
        average.rate += alpha * (this.currentSecondCount - average.rate);
      }
      this.lastSecondCount = this.currentSecondCount;
      this.currentSecondCount = 0;
      this.currentSecond++;
      // After a long idle stretch only the decay matters: apply the skipped idle seconds' decay at once
      // (each idle second multiplies a rate by 1 - alpha = exp(-1/window)) instead of walking them.
      if (second - this.currentSecond > 3600) {
        const skipped = second - 3600 - this.currentSecond;
        for (const average of this.averages) average.rate *= Math.exp(-skipped / (60 * average.minutes));
        this.currentSecond = second - 3600;
      }
    }
  }
}
