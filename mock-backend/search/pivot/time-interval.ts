import type { BucketSpec } from "../../../api/schemas/search.ts";
import { autoInterval } from "./auto-interval.ts";

/** Units of a histogram interval: fixed lengths (`ms` … `d`) and calendar units (`w` from Monday, `M`). */
export type TimeUnit = "ms" | "s" | "m" | "h" | "d" | "w" | "M";

/** A histogram interval such as 5 minutes (`{quantity: 5, unit: "m"}`). */
export interface TimeInterval {
  quantity: number;
  unit: TimeUnit;
}

export type IntervalSpec = Extract<BucketSpec, { type: "time" }>["interval"];

/**
 * The interval a `time` grouping uses over a range of `rangeMs`: a timeunit as given (`1m`, `5m`, `1h`, `1d`,
 * `1w`, `1M` …), or the auto interval for the range × scaling.
 */
export function resolveInterval(interval: IntervalSpec, rangeMs: number): TimeInterval {
  return interval.type === "auto"
    ? autoInterval(rangeMs, interval.scaling)
    : parseTimeUnit(interval.timeunit);
}

/** `5m` → 5 minutes. The wire schema already checked the shape; a zero quantity is refused here. */
export function parseTimeUnit(text: string): TimeInterval {
  const match = /^(\d+)(ms|[smhdwM])$/.exec(text);
  if (!match || Number(match[1]) < 1) {
    throw new RangeError(`'${text}' is not a time unit such as 1m, 5m, 1h, 1d, 1w or 1M`);
  }
  return { quantity: Number(match[1]), unit: match[2] as TimeUnit };
}

/** `{5, "m"}` → `5m`, as Elasticsearch and Graylog write intervals. */
export function formatInterval({ quantity, unit }: TimeInterval): string {
  return `${quantity}${unit}`;
}
