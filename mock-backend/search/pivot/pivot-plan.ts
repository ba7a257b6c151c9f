import type { BucketSpec, PivotSearchType, Series } from "../../../api/schemas/search.ts";
import { sql, type SqlFragment, trusted } from "../../query/sql-fragment.ts";
import type { FieldCatalog, FieldType, StoredField } from "../field-catalog.ts";
import { SearchTypeError } from "../search-type-error.ts";
import { SERIES_FUNCTIONS, type SeriesFunction, type SeriesInput } from "./series-functions.ts";
import { bucketStartSql } from "./time-bucketing.ts";
import { resolveInterval, type TimeInterval } from "./time-interval.ts";

export type SortDirection = "Ascending" | "Descending";

/** One key column of a level: its alias in the SQL, the field it reads and how to print its values. */
export interface KeyColumn {
  alias: string;
  field: string;
  /** The key per message (NULL when the message lacks the field). */
  sql: SqlFragment;
  /** `time` keys are bucket starts in epoch ms; null means the field does not exist (all keys NULL). */
  type: FieldType | "time" | null;
  /** A list-valued field: `sql` is the list, and each message has a key per value (pivot-sql unnests it). */
  list?: boolean;
}

/** How buckets of a level are ranked: by their key columns, the message count, or a series. */
export type LevelOrder =
  | { by: "key"; columns: string[]; direction: SortDirection }
  | { by: "count"; direction: SortDirection }
  | { by: "series"; index: number; direction: SortDirection };

interface LevelBase {
  direction: "row" | "column";
  fields: string[];
  columns: KeyColumn[];
}

/** A `values` grouping: the top `limit` keys per parent bucket (an Elasticsearch terms aggregation). */
export interface ValuesLevel extends LevelBase {
  kind: "values";
  limit: number;
  /** Drop messages missing a field; otherwise they form one "(Empty Value)" bucket after the top keys. */
  skipEmptyValues: boolean;
  /** Ranking, ties broken by key ascending. */
  order: LevelOrder[];
}

/** A `time` grouping on one date field: a histogram, gaps filled, in key order unless a sort applies. */
export interface TimeLevel extends LevelBase {
  kind: "time";
  interval: TimeInterval;
  order: LevelOrder;
}

export type PivotLevel = ValuesLevel | TimeLevel;

export interface PlannedSeries {
  id: string;
  function: SeriesFunction;
  /** The aggregate over a bucket's base rows. */
  sql: SqlFragment;
}

/** A base-row column: a field value the series aggregate. */
export interface InputColumn {
  alias: string;
  sql: SqlFragment;
}

/** The pivot resolved against the field catalog: levels (row groups first, then column groups) and series. */
export interface PivotPlan {
  levels: PivotLevel[];
  rowLevels: number;
  columnLevels: number;
  series: PlannedSeries[];
  inputs: InputColumn[];
  rollup: boolean;
}

export interface PlanContext {
  catalog: FieldCatalog;
  /** The length of the search's time range, for auto intervals. */
  rangeMs: number;
}

/**
 * Resolves a pivot search type: every field through the catalog (unknown fields read as NULL, as an unmapped
 * field in Elasticsearch aggregates to nothing), series checked against their field types, sorts attached to
 * the levels they apply to. Errors are search type errors with Elasticsearch's wording.
 */
export function planPivot(searchType: PivotSearchType, { catalog, rangeMs }: PlanContext): PivotPlan {
  const series = planSeries(searchType.series, catalog);
  const context: LevelContext = {
    catalog,
    rangeMs,
    aliases: { next: 0 },
    sorts: searchType.sort,
    series: searchType.series,
  };
  const levels: PivotLevel[] = [];
  const groups: [BucketSpec, "row" | "column"][] = [
    ...searchType.row_groups.map((spec) => [spec, "row"] as [BucketSpec, "row"]),
    ...searchType.column_groups.map((spec) => [spec, "column"] as [BucketSpec, "column"]),
  ];
  let rowLevels = 0;
  for (const [spec, direction] of groups) {
    // A time grouping over several fields nests one histogram per field.
    const planned = spec.type === "values"
      ? [valuesLevel(spec, direction, context)]
      : spec.fields.map((field) => timeLevel(spec, field, direction, context));
    for (const level of planned) {
      levels.push(level);
      if (direction === "row") rowLevels++;
    }
  }
  return {
    levels,
    rowLevels,
    columnLevels: levels.length - rowLevels,
    series: series.planned,
    inputs: series.inputs,
    rollup: searchType.rollup,
  };
}

/** What building a level needs: the catalog, the range (auto intervals), fresh aliases, the sorts. */
interface LevelContext {
  catalog: FieldCatalog;
  rangeMs: number;
  aliases: { next: number };
  sorts: PivotSearchType["sort"];
  series: Series[];
}

function valuesLevel(
  spec: Extract<BucketSpec, { type: "values" }>,
  direction: "row" | "column",
  context: LevelContext,
): ValuesLevel {
  const columns = spec.fields.map((field): KeyColumn => {
    const stored = context.catalog.field(field);
    const list = stored ? null : context.catalog.listField?.(field) ?? null;
    if (list) {
      return { alias: `k${context.aliases.next++}`, field, sql: trusted(list.valueSql), type: list.type, list: true };
    }
    return {
      alias: `k${context.aliases.next++}`,
      field,
      sql: stored ? termSql(stored) : trusted("NULL::VARCHAR"),
      type: stored?.type ?? null,
    };
  });
  const order = applicableSorts(columns, context);
  return {
    kind: "values",
    direction,
    fields: spec.fields,
    columns,
    limit: spec.limit,
    skipEmptyValues: spec.skip_empty_values,
    order: order.length > 0 ? order : [{ by: "count", direction: "Descending" }],
  };
}

/** Terms as Elasticsearch indexes them: `source` (a lower-casing keyword analyzer) groups case-insensitively. */
function termSql(field: StoredField): SqlFragment {
  return field.matching === "keyword-ci" ? sql`lower(${trusted(field.valueSql)})` : trusted(field.valueSql);
}

function timeLevel(
  spec: Extract<BucketSpec, { type: "time" }>,
  field: string,
  direction: "row" | "column",
  context: LevelContext,
): TimeLevel {
  let interval: TimeInterval;
  try {
    interval = resolveInterval(spec.interval, context.rangeMs);
  } catch (error) {
    if (error instanceof RangeError) throw new SearchTypeError("search_type", error.message);
    throw error;
  }
  const stored = context.catalog.field(field);
  let timestamp: SqlFragment | null = null;
  if (stored?.type === "date") timestamp = trusted(stored.valueSql);
  else if (stored?.type === "long" || stored?.type === "double") {
    timestamp = sql`epoch_ms((${trusted(stored.valueSql)})::BIGINT)`;
  } else if (stored) throw unsupported(field, stored.type, "date_histogram");
  const column: KeyColumn = {
    alias: `k${context.aliases.next++}`,
    field,
    sql: timestamp ? bucketStartSql(timestamp, interval) : trusted("NULL::BIGINT"),
    type: "time",
  };
  const order = applicableSorts([column], context)[0] ??
    { by: "key", columns: [column.alias], direction: "Ascending" };
  return { kind: "time", direction, fields: [field], columns: [column], interval, order };
}

/**
 * The sorts that apply to a level, in the order given: a pivot sort on one of its fields orders by that field
 * first (then its other fields), a series sort by that series' value in each bucket. Values levels use them all
 * (default: count descending); time levels the first (default: time ascending), as Graylog's handlers do.
 */
function applicableSorts(columns: KeyColumn[], { sorts, series }: LevelContext): LevelOrder[] {
  const applicable: LevelOrder[] = [];
  for (const sort of sorts) {
    if (sort.type === "pivot") {
      const column = columns.find((c) => c.field === sort.field);
      if (column) {
        applicable.push({
          by: "key",
          columns: [column.alias, ...columns.filter((c) => c !== column).map((c) => c.alias)],
          direction: sort.direction,
        });
      }
    } else {
      const index = series.findIndex((s) => s.id === sort.field);
      if (index >= 0) applicable.push({ by: "series", index, direction: sort.direction });
    }
  }
  return applicable;
}

function planSeries(
  series: Series[],
  catalog: FieldCatalog,
): { planned: PlannedSeries[]; inputs: InputColumn[] } {
  const inputs = new Map<string, InputColumn>();
  const planned = series.map((spec): PlannedSeries => {
    const fn = SERIES_FUNCTIONS[spec.type];
    const fieldName = spec.field ?? null;
    if (fieldName === null || fieldName === "") {
      if (fn.field === "required") {
        throw new SearchTypeError("search_type", `Series ${spec.id}: ${spec.type} needs a field`);
      }
      return { id: spec.id, function: fn, sql: fn.sql(null) };
    }
    const stored = catalog.field(fieldName);
    if (stored && fn.accepts !== "any" && !fn.accepts.includes(stored.type)) {
      throw unsupported(fieldName, stored.type, fn.aggregation);
    }
    let input = inputs.get(fieldName);
    if (!input) {
      input = { alias: `v${inputs.size}`, sql: stored ? trusted(stored.valueSql) : trusted("NULL") };
      inputs.set(fieldName, input);
    }
    const seriesInput: SeriesInput = {
      value: trusted(input.alias),
      type: stored?.type ?? null,
      matching: stored?.matching ?? null,
      timestamp: trusted("ts"),
      percentile: spec.percentile ?? null,
    };
    return { id: spec.id, function: fn, sql: fn.sql(seriesInput) };
  });
  return { planned, inputs: [...inputs.values()] };
}

function unsupported(field: string, type: FieldType, aggregation: string): SearchTypeError {
  return new SearchTypeError(
    "search_type",
    `Field [${field}] of type [${type}] is not supported for aggregation [${aggregation}]`,
  );
}
