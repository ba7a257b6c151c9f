import type { Context } from "hono";
import { badRequest } from "./errors.ts";
import type { FieldTypeMapping } from "./schemas/search-support.ts";
import type { MapDataSearchRequest } from "./schemas/scripting-search.ts";
import type { AggregationRequestSpec, MessagesRequestSpec, TabularResponse } from "./schemas/scripting-search.ts";
import type { QueryResult, Search, SearchJob, SearchTypeResult } from "./schemas/search.ts";
import { ExecutionStateSchema, SearchSchema } from "./schemas/search.ts";
import type { TimeRange } from "./schemas/timerange.ts";
import { assertStreamsReadable, searchScope } from "./search-scope.ts";

/**
 * Graylog's simple search calls (`/search/messages`, `/search/aggregate`, `/search/mapdata`) as what they are
 * there: a one-query search with one search type, run by the search engine as the caller, its result flattened.
 */

const QUERY_ID = "query_id";
const SEARCH_TYPE_ID = "result";

type Cell = string | number | boolean | null;

/** Runs a one-query search of one search type in the caller's scope; a failed search type is a 400 with its reason. */
async function runOne(c: Context, query: string, timerange: TimeRange, streams: readonly string[], searchType: Record<string, unknown>) {
  const scope = await searchScope(c);
  assertStreamsReadable(scope, streams);
  const search: Search = SearchSchema.parse({
    queries: [{
      id: QUERY_ID,
      timerange,
      query: { type: "elasticsearch", query_string: query },
      filter: streams.length > 0 ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) } : null,
      search_types: [{ ...searchType, id: SEARCH_TYPE_ID }],
    }],
  });
  const job: SearchJob = await c.get("backend").search.execute(search, ExecutionStateSchema.parse({}), scope);
  const result: QueryResult | undefined = job.results[QUERY_ID];
  const error = result?.errors[0] ?? job.errors?.[0];
  if (error || !result) throw badRequest(error?.description ?? "The search did not run.");
  return { result: result.search_types[SEARCH_TYPE_ID] as SearchTypeResult, effective: result.execution_stats.effective_timerange };
}

/** The tabular column type of a field's stored type. */
function columnType(mapping: FieldTypeMapping | undefined): "string" | "numeric" | "date" | "boolean" {
  if (!mapping) return "string";
  if (mapping.type.type === "date") return "date";
  if (mapping.type.type === "boolean") return "boolean";
  return mapping.type.properties.includes("numeric") ? "numeric" : "string";
}

async function fieldTypes(c: Context): Promise<Map<string, FieldTypeMapping>> {
  const mappings = await c.get("backend").search.fields({}, await searchScope(c));
  return new Map(mappings.map((m) => [m.name, m]));
}

function cell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return Array.isArray(value) ? value.map(String).join(",") : JSON.stringify(value);
}

/** POST|GET /search/messages: the page of messages, one row each, the requested fields as columns. */
export async function tabularMessages(c: Context, spec: MessagesRequestSpec): Promise<TabularResponse> {
  const { result, effective } = await runOne(c, spec.query, spec.timerange, spec.streams, {
    type: "messages",
    limit: spec.size,
    offset: spec.from,
    sort: [{ field: spec.sort, order: spec.sort_order === "Ascending" ? "ASC" : "DESC" }],
  });
  const types = await fieldTypes(c);
  const messages = result.type === "messages" ? result.messages : [];
  return {
    schema: spec.fields.map((field) => ({ column_type: "field" as const, type: columnType(types.get(field)), field, name: `field: ${field}` })),
    datarows: messages.map((m) => spec.fields.map((field) => cell(m.message[field]))),
    metadata: { effective_timerange: effective },
  };
}

const seriesId = (metric: AggregationRequestSpec["metrics"][number]) => `${metric.function}(${metric.field ?? ""})`;

/** POST|GET /search/aggregate: one row per group, the group values then the metric values. */
export async function tabularAggregation(c: Context, spec: AggregationRequestSpec): Promise<TabularResponse> {
  const ids = spec.metrics.map(seriesId);
  const { result, effective } = await runOne(c, spec.query, spec.timerange, spec.streams, {
    type: "pivot",
    rollup: false,
    row_groups: spec.group_by.map((group) => ({ type: "values", fields: [group.field], limit: group.limit ?? 15 })),
    series: spec.metrics.map((metric, index) => ({ type: metric.function, id: ids[index], field: metric.field ?? null })),
    sort: spec.metrics.flatMap((metric, index) =>
      metric.sort ? [{ type: "series", field: ids[index], direction: metric.sort === "asc" ? "Ascending" : "Descending" }] : []
    ),
  });
  const types = await fieldTypes(c);
  const rows = result.type === "pivot" ? result.rows.filter((row) => row.source === "leaf") : [];
  return {
    schema: [
      ...spec.group_by.map((group) => ({
        column_type: "grouping" as const,
        type: columnType(types.get(group.field)),
        field: group.field,
        name: `grouping: ${group.field}`,
      })),
      ...spec.metrics.map((metric, index) => ({
        column_type: "metric" as const,
        type: "numeric" as const,
        function: metric.function,
        field: metric.field ?? null,
        name: `metric: ${ids[index]}`,
      })),
    ],
    datarows: rows.map((row) => [
      ...row.key,
      ...ids.map((id) => row.values.find((value) => value.source === "row-leaf" && value.key.at(-1) === id)?.value ?? null),
    ]),
    metadata: { effective_timerange: effective },
  };
}

/** POST /search/mapdata: per geo field, how many messages have each coordinate value (`lat,lon`). */
export async function mapData(c: Context, request: MapDataSearchRequest) {
  const fields: Record<string, { time: number; terms: Record<string, number>; missing: number; other: number; total: number; built_query: string }> = {};
  for (const field of request.fields) {
    const started = performance.now();
    const terms = await runOne(c, request.query, request.timerange, request.stream_ids, {
      type: "pivot",
      rollup: true,
      row_groups: [{ type: "values", fields: [field], limit: request.limit, skip_empty_values: true }],
      series: [{ type: "count", id: "count()" }],
    });
    const all = await runOne(c, request.query, request.timerange, request.stream_ids, {
      type: "pivot",
      rollup: true,
      series: [{ type: "count", id: "count()" }, { type: "count", id: "present", field }],
    });
    const rows = terms.result.type === "pivot" ? terms.result.rows : [];
    const counts = Object.fromEntries(rows.filter((r) => r.source === "leaf").map((r) => [r.key[0], Number(r.values[0]?.value ?? 0)]));
    const totals = all.result.type === "pivot" ? all.result.rows[0]?.values ?? [] : [];
    const total = Number(totals[0]?.value ?? 0);
    const present = Number(totals[1]?.value ?? 0);
    const counted = Object.values(counts).reduce((sum, n) => sum + n, 0);
    fields[field] = {
      time: Math.round(performance.now() - started),
      terms: counts,
      missing: total - present,
      other: present - counted,
      total,
      built_query: JSON.stringify({ query_string: request.query, field, size: request.limit }),
    };
  }
  return { query: request.query, timerange: request.timerange, limit: request.limit, stream_ids: request.stream_ids, fields };
}

/** A tabular answer as CSV: a header of the column names, then the rows. */
export function tabularCsv(table: TabularResponse, line: (cells: readonly unknown[]) => string): string {
  return [table.schema.map((entry) => entry.name), ...table.datarows].map(line).join("");
}
