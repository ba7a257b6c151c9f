import type { PivotResult } from "../../../api/schemas/search.ts";
import type { AggregationWidget, WidgetPivot } from "../../../api/schemas/widgets.ts";
import { fieldTerm } from "../../view/query-terms.ts";
import type { ValuePath } from "../../visualizations/visualization-props.ts";
import type { FromValueAggregation, FromValueContext } from "./event-definition-from-value.ts";

/** Graylog's search window for an event definition made from a value whose range is not relative: 5 minutes. */
export const DEFAULT_SEARCH_WITHIN_MS = 5 * 60_000;

/**
 * What a value of an aggregation widget brings to 'Configure new event definition': the grouping values leading
 * to it split into the rows' and the columns' (time groupings left out: they are not terms), the value groupings'
 * fields as group-bys, the first series as the aggregation (with its value at the clicked grouping values, read from
 * the widget's pivot result when given), the page's query, the widget's own filter, streams and relative range.
 */
export function widgetValueContext(
  widget: AggregationWidget,
  path: ValuePath,
  pageQuery: string,
  result?: PivotResult,
): FromValueContext {
  const rowFields = valueFields(widget.config.row_pivots);
  const columnFields = valueFields(widget.config.column_pivots);
  const pathQuery = (fields: readonly string[]) =>
    path.filter((entry) => fields.includes(entry.field)).map((entry) => fieldTerm(entry.field, entry.value)).join(" AND ");
  const range = widget.timerange;
  const relativeSeconds = range?.type === "relative" ? (range.range ?? range.from ?? 0) : 0;
  return {
    queryWithReplacedParams: pageQuery,
    searchFilterQuery: widget.query?.query_string ?? widget.filter ?? "",
    rowValuePath: pathQuery(rowFields),
    columnValuePath: pathQuery(columnFields),
    rowGroupBy: rowFields,
    columnGroupBy: columnFields,
    aggregation: seriesAggregation(widget, path, result),
    streams: widget.streams,
    searchWithinMs: relativeSeconds > 0 ? relativeSeconds * 1000 : DEFAULT_SEARCH_WITHIN_MS,
  };
}

function valueFields(pivots: readonly WidgetPivot[]): string[] {
  return pivots.filter((pivot) => pivot.type === "values").flatMap((pivot) => pivot.fields);
}

/**
 * The first series: `count()` → count of any; `avg(took_ms)` → avg of took_ms; a percentile's extra argument is
 * dropped. Its value is the clicked one, so the definition's threshold starts there.
 */
function seriesAggregation(widget: AggregationWidget, path: ValuePath, result?: PivotResult): FromValueAggregation | null {
  const series = widget.config.series[0]?.function;
  const match = series?.match(/^(\w+)\(([^,)]*)/);
  if (!series || !match) return null;
  return { function: match[1], field: match[2].trim(), value: result ? metricValueAt(widget, path, series, result) : null };
}

/**
 * The series' number at the grouping values of `path`: the row whose key holds the path's value of every row
 * grouping field, and in it the value keyed by the path's column grouping values and the series (a path without
 * column values reads the row's total). Null when the path does not lead to one number.
 */
export function metricValueAt(widget: AggregationWidget, path: ValuePath, series: string, result: PivotResult): number | null {
  const valueOf = (field: string) => path.find((entry) => entry.field === field)?.value;
  const rowKey = widget.config.row_pivots.flatMap((pivot) => pivot.fields).map(valueOf);
  const columnKey = widget.config.column_pivots.flatMap((pivot) => pivot.fields).map(valueOf);
  if (rowKey.some((value) => value === undefined)) return null;
  const columns = columnKey.every((value) => value !== undefined) ? columnKey as string[] : [];
  const row = result.rows.find((candidate) => candidate.source === "leaf" && sameKey(candidate.key, rowKey as string[]));
  const found = row?.values.find((value) => sameKey(value.key, [...columns, series]) && value.rollup === (columns.length === 0));
  return typeof found?.value === "number" && Number.isFinite(found.value) ? found.value : null;
}

function sameKey(key: readonly string[], wanted: readonly string[]): boolean {
  return key.length === wanted.length && key.every((value, index) => value === wanted[index]);
}
