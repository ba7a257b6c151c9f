import type { TimeRange } from "../../api/schemas/timerange.ts";
import { KeywordParseError, parseKeyword } from "./keyword-timerange.ts";

/** A time range resolved to absolute bounds, UTC ms, both inclusive. */
export interface ResolvedTimeRange {
  from: number;
  to: number;
}

export class TimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimeRangeError";
  }
}

/**
 * Resolves a wire time range against `now`: relative ranges count seconds back (0 = all time, from the epoch),
 * absolute ranges are read as ISO (a space instead of `T` is accepted, no zone means UTC), keyword ranges are read
 * as natural language in their time zone.
 */
export function resolveTimeRange(range: TimeRange, now: number): ResolvedTimeRange {
  switch (range.type) {
    case "relative": {
      const from = range.from ?? range.range ?? 300;
      const to = range.to ?? 0;
      return { from: from === 0 ? 0 : now - from * 1000, to: now - to * 1000 };
    }
    case "absolute":
      return { from: parseInstant(range.from), to: parseInstant(range.to) };
    case "keyword":
      try {
        const resolved = parseKeyword(range.keyword, new Date(now), range.timezone ?? "UTC");
        return { from: resolved.from.getTime(), to: resolved.to.getTime() };
      } catch (error) {
        if (error instanceof KeywordParseError) throw new TimeRangeError(error.message);
        throw error;
      }
  }
}

function parseInstant(text: string): number {
  const normalized = text.trim().replace(" ", "T");
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(normalized) ? normalized : `${normalized}Z`;
  const ms = Date.parse(withZone);
  if (Number.isNaN(ms)) throw new TimeRangeError(`'${text}' is not a date and time`);
  return ms;
}

/** The effective time range of a result, as Graylog reports it. */
export function effectiveTimeRange({ from, to }: ResolvedTimeRange) {
  return { type: "absolute" as const, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
