import type { AggregationWidget, WidgetPivot } from "../../../api/schemas/widgets.ts";
import { fieldTerm } from "../../view/query-terms.ts";
import type { ValuePath } from "../../visualizations/visualization-props.ts";
import type { FromValueAggregation, FromValueContext } from "./event-definition-from-value.ts";

/** Graylog's search window for an event definition made from a value whose range is not relative: 5 minutes. */
export const DEFAULT_SEARCH_WITHIN_MS = 5 * 60_000;

/**
 * What a value of an aggregation widget brings to 'Configure new event definition': the grouping values leading
 * to it split into the rows' and the columns' (time groupings left out: they are not terms), the value groupings'
 * fields as group-bys, the first series as the aggregation, the page's query, the widget's own filter, streams and
 * relative range.
 */
export function widgetValueContext(widget: AggregationWidget, path: ValuePath, pageQuery: string): FromValueContext {
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
    aggregation: seriesAggregation(widget.config.series[0]?.function),
    streams: widget.streams,
    searchWithinMs: relativeSeconds > 0 ? relativeSeconds * 1000 : DEFAULT_SEARCH_WITHIN_MS,
  };
}

function valueFields(pivots: readonly WidgetPivot[]): string[] {
  return pivots.filter((pivot) => pivot.type === "values").flatMap((pivot) => pivot.fields);
}

/** `count()` → count of any; `avg(took_ms)` → avg of took_ms; a percentile's extra argument is dropped. */
function seriesAggregation(series: string | undefined): FromValueAggregation | null {
  const match = series?.match(/^(\w+)\(([^,)]*)/);
  return match ? { function: match[1], field: match[2].trim(), value: null } : null;
}
