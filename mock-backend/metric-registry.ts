import type { Metric } from "../api/schemas/metrics.ts";
import { ThroughputMeter } from "./throughput-meter.ts";
import { ValueReservoir } from "./value-reservoir.ts";

export type MetricSource =
  | { type: "gauge"; value: () => number }
  | { type: "counter"; count: () => number }
  | { type: "meter"; meter: ThroughputMeter }
  | { type: "timer"; durations: ValueReservoir; meter: ThroughputMeter }
  | { type: "histogram"; values: ValueReservoir };

/** The API requests this node answered: how long each took (microseconds) and how often they come. */
export const REST_REQUESTS_TIMER = "org.graylog2.rest.resources.requests";
/** How many messages each batch handed to ingest held. */
export const INGEST_BATCH_SIZES = "org.graylog2.shared.buffers.processors.ProcessBufferProcessor.batchSize";

/** A meter that also keeps the distribution of the batch sizes it is marked with. */
class BatchMeter extends ThroughputMeter {
  readonly sizes = new ValueReservoir();

  override mark(events = 1): void {
    super.mark(events);
    this.sizes.record(events);
  }
}

/**
 * The embedded backend's real counters, under the metric names Graylog 5.1 uses, so that the throughput
 * indicator and the metrics pages read them like they would on a Graylog node.
 */
export class MetricRegistry {
  /** Messages accepted by ingest (before they are written). */
  readonly input = new BatchMeter();
  /** Messages written to the message store. */
  readonly output = new ThroughputMeter();
  private readonly requestDurations = new ValueReservoir();
  private readonly requestRate = new ThroughputMeter();
  private readonly startedAt = Date.now();

  private readonly sources: Record<string, MetricSource> = {
    "org.graylog2.throughput.input.1-sec-rate": { type: "gauge", value: () => this.input.oneSecondRate },
    "org.graylog2.throughput.output.1-sec-rate": { type: "gauge", value: () => this.output.oneSecondRate },
    "org.graylog2.throughput.input": { type: "counter", count: () => this.input.total },
    "org.graylog2.throughput.output": { type: "counter", count: () => this.output.total },
    "org.graylog2.shared.buffers.processors.ProcessBufferProcessor.incomingMessages": { type: "meter", meter: this.input },
    "org.graylog2.buffers.OutputBuffer.incomingMessages": { type: "meter", meter: this.output },
    [REST_REQUESTS_TIMER]: { type: "timer", durations: this.requestDurations, meter: this.requestRate },
    [INGEST_BATCH_SIZES]: { type: "histogram", values: this.input.sizes },
    "jvm.memory.heap.used": { type: "gauge", value: () => Deno.memoryUsage().heapUsed },
    "jvm.memory.heap.committed": { type: "gauge", value: () => Deno.memoryUsage().heapTotal },
    "jvm.memory.total.used": { type: "gauge", value: () => Deno.memoryUsage().rss },
    "jvm.memory.non-heap.used": { type: "gauge", value: () => Deno.memoryUsage().external },
    "org.graylog2.system.uptime": { type: "gauge", value: () => Date.now() - this.startedAt },
    "org.graylog2.system.loadavg.1-min": { type: "gauge", value: () => Deno.loadavg()[0] },
  };

  /** Records one answered API request. */
  requestAnswered(durationMicros: number): void {
    this.requestDurations.record(durationMicros);
    this.requestRate.mark();
  }

  /** Adds a metric of its own (an input's counters), or replaces the one of that name. */
  register(fullName: string, source: MetricSource): void {
    this.sources[fullName] = source;
  }

  /** Removes every metric whose name starts with `prefix` (a deleted input's). */
  unregister(prefix: string): void {
    for (const name of Object.keys(this.sources)) if (name.startsWith(prefix)) delete this.sources[name];
  }

  names(): string[] {
    return Object.keys(this.sources).sort();
  }

  read(names: readonly string[]): Metric[] {
    return names.flatMap((fullName) => {
      const source = this.sources[fullName];
      return source ? [toMetric(fullName, source)] : [];
    });
  }
}

function rateOf(meter: ThroughputMeter) {
  return { total: meter.total, mean: meter.meanRate, one_minute: meter.rate(1), five_minute: meter.rate(5), fifteen_minute: meter.rate(15) };
}

function toMetric(fullName: string, source: MetricSource): Metric {
  const name = fullName.slice(fullName.lastIndexOf(".") + 1);
  switch (source.type) {
    case "gauge":
      return { full_name: fullName, name, type: "gauge", metric: { value: source.value() } };
    case "counter":
      return { full_name: fullName, name, type: "counter", metric: { count: source.count() } };
    case "meter":
      return { full_name: fullName, name, type: "meter", metric: { rate: rateOf(source.meter), rate_unit: "events/second" } };
    case "timer":
      return {
        full_name: fullName,
        name,
        type: "timer",
        metric: { time: source.durations.snapshot(), rate: rateOf(source.meter), duration_unit: "microseconds", rate_unit: "events/second" },
      };
    case "histogram":
      return { full_name: fullName, name, type: "histogram", metric: { time: source.values.snapshot(), count: source.values.count } };
  }
}
