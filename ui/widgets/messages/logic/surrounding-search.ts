import { addTermToQuery, fieldTerm } from "../../../view/query-terms.ts";
import { isoDurationSeconds } from "../../../view/time-presets.ts";
import { toSearchParams } from "../../../view/url-state.ts";

/**
 * 'Show surrounding messages' (spec 001 §2): each option of the search config's surrounding_timerange_options
 * opens a new search over an absolute range around the message's timestamp, filtered on the values the message
 * has for the configured surrounding_filter_fields.
 */

export interface SurroundingOption {
  /** The ISO-8601 duration from the config, e.g. PT1M. */
  duration: string;
  label: string;
  seconds: number;
}

/** The config's options in its order; durations that do not parse are left out. */
export function surroundingOptions(options: Record<string, string>): SurroundingOption[] {
  return Object.entries(options)
    .map(([duration, label]) => ({ duration, label, seconds: isoDurationSeconds(duration) }))
    .filter((option): option is SurroundingOption => option.seconds !== null && option.seconds > 0);
}

/** `field:"value"` for each filter field the message has a non-empty value for, joined with AND. */
export function surroundingFilterQuery(fields: Record<string, unknown>, filterFields: readonly string[]): string {
  return filterFields.reduce((query, field) => {
    const value = fields[field];
    if (value === undefined || value === null || value === "" || typeof value === "object") return query;
    return addTermToQuery(query, fieldTerm(field, String(value)));
  }, "");
}

/** The /search URL parameters: absolute from/to `seconds` around `timestamp` (ISO), and the filter query. */
export function surroundingSearchParams(timestamp: string, seconds: number, query: string): URLSearchParams {
  const at = Date.parse(timestamp);
  const from = new Date(at - seconds * 1000).toISOString();
  const to = new Date(at + seconds * 1000).toISOString();
  return toSearchParams({ query, timerange: { type: "absolute", from, to }, streams: [] });
}
