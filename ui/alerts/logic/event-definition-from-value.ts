/**
 * 'Configure new event definition' from a value (spec 001 §3 'Event definition from value strategy', spec 002 §4):
 * what the clicked value brings along (the query, the value paths and group-bys of the widget's rows and
 * columns, its aggregation, streams and time range), which of it the chosen strategy keeps, and the
 * aggregation-v1 payload the event definition wizard opens with.
 */

export const FROM_VALUE_STRATEGIES = ["EXACT", "ROW", "COL", "ALL", "CUSTOM"] as const;
export type FromValueStrategy = (typeof FROM_VALUE_STRATEGIES)[number];

export const FROM_VALUE_STRATEGY_LABELS: Record<FromValueStrategy, string> = {
  EXACT: "Exactly this value",
  ROW: "Any value in this row",
  COL: "Any value in this column",
  ALL: "Any value",
  CUSTOM: "Custom",
};

/** The parts of the value's context a checkbox keeps or drops. */
export const FROM_VALUE_PARTS = [
  "queryWithReplacedParams",
  "searchFilterQuery",
  "rowValuePath",
  "columnValuePath",
  "rowGroupBy",
  "columnGroupBy",
  "aggCondition",
  "streams",
  "searchWithinMs",
] as const;
export type FromValuePart = (typeof FROM_VALUE_PARTS)[number];

export const FROM_VALUE_PART_LABELS: Record<FromValuePart, string> = {
  queryWithReplacedParams: "Search query",
  searchFilterQuery: "Search filter query",
  rowValuePath: "Row value path",
  columnValuePath: "Column value path",
  rowGroupBy: "Row group by",
  columnGroupBy: "Column group by",
  aggCondition: "Aggregation condition",
  streams: "Streams",
  searchWithinMs: "Search within",
};

/** The checkbox groups of the details, each with a checkbox of its own (checked, empty or indeterminate). */
export const FROM_VALUE_GROUPS = {
  "Query": ["queryWithReplacedParams", "searchFilterQuery", "rowValuePath", "columnValuePath"],
  "Group by": ["rowGroupBy", "columnGroupBy"],
  "Condition": ["aggCondition", "streams", "searchWithinMs"],
} as const satisfies Record<string, readonly FromValuePart[]>;
export type FromValueGroup = keyof typeof FROM_VALUE_GROUPS;

/** What each strategy unchecks; every other available part stays checked. CUSTOM keeps what was checked. */
const UNCHECKED_BY: Record<Exclude<FromValueStrategy, "CUSTOM">, readonly FromValuePart[]> = {
  EXACT: [],
  ROW: ["columnValuePath", "columnGroupBy"],
  COL: ["rowValuePath", "rowGroupBy"],
  ALL: ["searchFilterQuery", "queryWithReplacedParams"],
};

export interface FromValueAggregation {
  /** The series function, e.g. `count` or `avg`. */
  function: string;
  /** The series field; empty for `count()`. */
  field: string;
  /** The clicked value of the series, when the value was a metric. */
  value: number | null;
}

/** Everything the clicked value brings along; a part that is empty is not offered. */
export interface FromValueContext {
  /** The page's query, parameters replaced. */
  queryWithReplacedParams: string;
  /** The widget's own filter query. */
  searchFilterQuery: string;
  /** The row grouping values leading to the value, as a query (`field:"value" AND …`). */
  rowValuePath: string;
  columnValuePath: string;
  rowGroupBy: string[];
  columnGroupBy: string[];
  aggregation: FromValueAggregation | null;
  streams: string[];
  searchWithinMs: number;
}

export type FromValueChecks = Record<FromValuePart, boolean>;

/** The parts that have something to keep, in their order. */
export function availableParts(context: FromValueContext): FromValuePart[] {
  const present: Record<FromValuePart, boolean> = {
    queryWithReplacedParams: isQuery(context.queryWithReplacedParams),
    searchFilterQuery: isQuery(context.searchFilterQuery),
    rowValuePath: context.rowValuePath.trim() !== "",
    columnValuePath: context.columnValuePath.trim() !== "",
    rowGroupBy: context.rowGroupBy.length > 0,
    columnGroupBy: context.columnGroupBy.length > 0,
    aggCondition: context.aggregation !== null,
    streams: context.streams.length > 0,
    searchWithinMs: context.searchWithinMs > 0,
  };
  return FROM_VALUE_PARTS.filter((part) => present[part]);
}

/** ROW only with a row value path, COL only with a column value path; the others always. */
export function availableStrategies(context: FromValueContext): FromValueStrategy[] {
  return FROM_VALUE_STRATEGIES.filter((strategy) =>
    strategy === "ROW" ? context.rowValuePath.trim() !== "" : strategy === "COL" ? context.columnValuePath.trim() !== "" : true
  );
}

/** The checks a strategy sets (choosing CUSTOM leaves the current ones as they are). */
export function checksForStrategy(strategy: Exclude<FromValueStrategy, "CUSTOM">): FromValueChecks {
  const unchecked: readonly FromValuePart[] = UNCHECKED_BY[strategy];
  return Object.fromEntries(FROM_VALUE_PARTS.map((part) => [part, !unchecked.includes(part)])) as FromValueChecks;
}

export type GroupState = "checked" | "empty" | "indeterminate";

/** A group's checkbox over the group's available parts. */
export function groupState(group: FromValueGroup, checks: FromValueChecks, available: readonly FromValuePart[]): GroupState {
  const parts = FROM_VALUE_GROUPS[group].filter((part) => available.includes(part));
  const checked = parts.filter((part) => checks[part]).length;
  if (checked === 0) return "empty";
  return checked === parts.length ? "checked" : "indeterminate";
}

/** A click on a group's checkbox: checks all of it when indeterminate or empty, unchecks all when checked. */
export function toggleGroup(group: FromValueGroup, checks: FromValueChecks, available: readonly FromValuePart[]): FromValueChecks {
  const value = groupState(group, checks, available) !== "checked";
  const next = { ...checks };
  for (const part of FROM_VALUE_GROUPS[group]) if (available.includes(part)) next[part] = value;
  return next;
}

/** Editing any checkbox makes the strategy CUSTOM. */
export function togglePart(part: FromValuePart, checks: FromValueChecks): { strategy: "CUSTOM"; checks: FromValueChecks } {
  return { strategy: "CUSTOM", checks: { ...checks, [part]: !checks[part] } };
}

/** The event-definition-from-value payload (spec 002 §3), type aggregation-v1. */
export interface EventDefinitionFromValue {
  type: "aggregation-v1";
  query: string;
  agg_field: string | null;
  agg_value: number | null;
  agg_function: string | null;
  group_by: string[];
  loc_query_parameters: string[];
  search_within_ms: number | null;
  streams: string[];
}

/** The payload from the checked parts: the checked queries joined with AND, the rest kept or dropped. */
export function fromValuePayload(context: FromValueContext, checks: FromValueChecks): EventDefinitionFromValue {
  const keep = (part: FromValuePart) => checks[part] && availableParts(context).includes(part);
  const queries = (["queryWithReplacedParams", "searchFilterQuery", "rowValuePath", "columnValuePath"] as const)
    .filter(keep)
    .map((part) => context[part].trim());
  const aggregation = keep("aggCondition") ? context.aggregation : null;
  return {
    type: "aggregation-v1",
    query: queries.length === 1 ? queries[0] : queries.map((query) => `(${query})`).join(" AND "),
    agg_field: aggregation ? aggregation.field : null,
    agg_value: aggregation ? aggregation.value : null,
    agg_function: aggregation ? aggregation.function : null,
    group_by: [...(keep("rowGroupBy") ? context.rowGroupBy : []), ...(keep("columnGroupBy") ? context.columnGroupBy : [])],
    loc_query_parameters: [],
    search_within_ms: keep("searchWithinMs") ? context.searchWithinMs : null,
    streams: keep("streams") ? context.streams : [],
  };
}

function isQuery(query: string): boolean {
  const trimmed = query.trim();
  return trimmed !== "" && trimmed !== "*";
}
