import type { EventDefinitionFromValue } from "./event-definition-from-value.ts";
import { type DefinitionFormValues, NEW_AGGREGATION, NEW_DEFINITION, SERIES_FUNCTIONS, type SeriesFunction, TIME_UNITS, type TimeUnit } from "./event-definition-form.ts";

/**
 * The wizard's values for an event definition made from a value: its query, streams, search window and
 * group-bys; an aggregation condition (the series compared with the clicked value) when one was kept, else a filter.
 */
export function formValuesFromValue(payload: EventDefinitionFromValue): DefinitionFormValues {
  const within = payload.search_within_ms === null ? null : largestUnit(payload.search_within_ms);
  const seriesFunction = SERIES_FUNCTIONS.find((candidate): candidate is SeriesFunction => candidate === payload.agg_function);
  return {
    ...NEW_DEFINITION,
    query: payload.query,
    streams: payload.streams,
    ...(within ? { searchWithin: within.amount, searchWithinUnit: within.unit } : {}),
    groupBy: payload.group_by,
    conditionType: seriesFunction ? "aggregation" : "filter",
    aggregations: seriesFunction
      ? [{ ...NEW_AGGREGATION, seriesFunction, seriesField: payload.agg_field ?? "", threshold: payload.agg_value ?? NEW_AGGREGATION.threshold }]
      : [NEW_AGGREGATION],
  };
}

/** The largest unit the duration is a whole number of (minutes at least, rounded up). */
function largestUnit(ms: number): { amount: number; unit: TimeUnit } {
  const units = (Object.keys(TIME_UNITS) as TimeUnit[]).sort((a, b) => TIME_UNITS[b] - TIME_UNITS[a]);
  const unit = units.find((candidate) => ms % TIME_UNITS[candidate] === 0) ?? "minutes";
  return { amount: Math.max(1, Math.ceil(ms / TIME_UNITS[unit])), unit };
}
