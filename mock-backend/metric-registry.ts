import type { Metric } from "../api/schemas/metrics.ts";
import { ThroughputMeter } from "./throughput-meter.ts";

export type MetricSource =
  | { type: "gauge"; value: () => number }
  | { type: "counter"; count: () => number }
  | { type: "meter"; meter: ThroughputMeter };

/**
 * The embedded backend's real counters, under the metric names Graylog 5.1 uses, so that the throughput
 * indicator and the metrics pages read them like they would on a Graylog node.
 */
export class MetricRegistry {
  /** Messages accepted by ingest (before they are written). */
  readonly input = new ThroughputMeter();
  /** Messages written to the message store. */
  readonly output = new ThroughputMeter();

  private readonly sources: Record<string, MetricSource> = {
    "org.graylog2.throughput.input.1-sec-rate": { type: "gauge", value: () => this.input.oneSecondRate },
    "org.graylog2.throughput.output.1-sec-rate": { type: "gauge", value: () => this.output.oneSecondRate },
    "org.graylog2.throughput.input": { type: "counter", count: () => this.input.total },
    "org.graylog2.throughput.output": { type: "counter", count: () => this.output.total },
    "org.graylog2.shared.buffers.processors.ProcessBufferProcessor.incomingMessages": { type: "meter", meter: this.input },
    "org.graylog2.buffers.OutputBuffer.incomingMessages": { type: "meter", meter: this.output },
    "jvm.memory.heap.used": { type: "gauge", value: () => Deno.memoryUsage().heapUsed },
    "jvm.memory.heap.committed": { type: "gauge", value: () => Deno.memoryUsage().heapTotal },
    "jvm.memory.total.used": { type: "gauge", value: () => Deno.memoryUsage().rss },
  };

  /** Adds a metric of its own (an input's counters), or replaces the one of that name. */
  register(fullName: string, source: MetricSource): void {
    this.sources[fullName] = source;
  }

  /** Removes every metric whose name starts with `prefix` (a deleted input's). */
  unregister(prefix: string): void {
    for (const name of Object.keys(this.sources)) if (name.startsWith(prefix)) delete this.sources[name];
  }

  names(): string[] {
    return Object.keys(this.sources);
  }

  read(names: readonly string[]): Metric[] {
    return names.flatMap((fullName) => {
      const source = this.sources[fullName];
      return source ? [toMetric(fullName, source)] : [];
    });
  }
}

function toMetric(fullName: string, source: MetricSource): Metric {
  const name = fullName.slice(fullName.lastIndexOf(".") + 1);
  switch (source.type) {
    case "gauge":
      return { full_name: fullName, name, type: "gauge", metric: { value: source.value() } };
    case "counter":
      return { full_name: fullName, name, type: "counter", metric: { count: source.count() } };
    case "meter": {
      const { meter } = source;
      return {
        full_name: fullName,
        name,
        type: "meter",
        metric: {
          rate: { total: meter.total, mean: meter.meanRate, one_minute: meter.rate(1), five_minute: meter.rate(5), fifteen_minute: meter.rate(15) },
          rate_unit: "events/second",
        },
      };
    }
  }
}
