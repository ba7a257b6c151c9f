/**
 * The embedded backend's `pivot` search type (aggregation widgets), with Graylog 5.1-on-Elasticsearch semantics:
 *
 * - Missing values: a `values` grouping puts messages missing every one of its fields into one "(Empty Value)"
 *   bucket after its top `limit` keys (not counted against the limit); a partly missing combined key shows
 *   "(Empty Value)" for that field. `skip_empty_values` drops messages missing any of the fields instead.
 * - Time buckets: gaps between a parent's first and last bucket are filled with empty buckets (a date histogram's
 *   min_doc_count 0): count/sum/card 0, other series null. No buckets before the first or after the last.
 * - Intervals: Graylog's auto-interval ladder by range × scaling (auto-interval.ts); timeunits as given. Fixed
 *   lengths aligned to the epoch, weeks from Monday, months calendar, all UTC.
 * - Layout (ESPivot): leaf rows per last-row-level bucket; "row-leaf" values when there are no column groups or
 *   rollup is on; "col-leaf" values per column bucket; a final "non-leaf" total row when there are row groups and
 *   rollup is on. Without row groups: a single leaf row keyed [] (what a single-number widget reads).
 * - Sorting: values groups by every applicable sort (pivot sort on one of their fields, series sort) then key;
 *   default count descending. Time groups by the first applicable sort, default time ascending.
 */
export { executePivot, type PivotResult } from "./execute-pivot.ts";
export { AUTO_INTERVAL_LADDER, autoInterval } from "./auto-interval.ts";
export { EMPTY_VALUE } from "./bucket-tree.ts";
export { MAX_BUCKETS } from "./pivot-sql.ts";
export { type PivotLayout, type PivotRow, type PivotValue, shapePivotRows } from "./pivot-rows.ts";
export { SERIES_FUNCTIONS } from "./series-functions.ts";
export {
  formatInterval,
  parseTimeUnit,
  resolveInterval,
  type TimeInterval,
  type TimeUnit,
} from "./time-interval.ts";
