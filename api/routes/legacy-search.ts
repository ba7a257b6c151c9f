import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AUTHENTICATED } from "../access.ts";
import { badRequest } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { MissingStreamPermissionSchema } from "../schemas/errors.ts";
import {
  type AggregationRequestSpec,
  AggregationRequestSpecSchema,
  MapDataSearchRequestSchema,
  MapDataSearchResultSchema,
  MessagesRequestSpecSchema,
  type TabularResponse,
  TabularResponseSchema,
} from "../schemas/scripting-search.ts";
import type { TimeRange } from "../schemas/timerange.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";
import { mapData, tabularAggregation, tabularCsv, tabularMessages } from "../tabular-search.ts";
import { csvLine } from "../../shared/csv.ts";

const streamDenied = { 403: jsonContent(MissingStreamPermissionSchema, "Streams the caller may not read.") };
const tabular = {
  200: {
    description: "The table: JSON by default, CSV with Accept: text/csv.",
    content: { "application/json": { schema: TabularResponseSchema }, "text/csv": { schema: z.string() } },
  },
  ...streamDenied,
};

/** A repeated or comma-separated query parameter. */
const ListParam = z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(100)]).optional();
const list = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);

const SimpleQuery = {
  query: z.string().max(10_000).optional(),
  streams: ListParam,
  timerange: z.string().max(500).optional()
    .describe("A keyword time range such as 'last 5 minutes', or a number of seconds, minutes, hours, days or weeks back: 300s, 5m, 1h, 2d, 1w."),
};

const messagesPost = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/search/messages",
  tags: ["Legacy search"],
  summary: "Messages a query matches, as a table of the requested fields",
  request: { body: jsonBody(MessagesRequestSpecSchema) },
  responses: tabular,
});

const messagesGet = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/search/messages",
  tags: ["Legacy search"],
  summary: "Messages a query matches, as a table (parameters instead of a body)",
  request: {
    query: z.object({
      ...SimpleQuery,
      fields: ListParam,
      from: z.coerce.number().int().min(0, "from must not be negative").max(1_000_000).optional(),
      size: z.coerce.number().int().min(1, "size must be positive").max(10_000).optional(),
      sort: z.string().min(1).max(300).optional(),
      sort_order: z.enum(["Ascending", "Descending"], { error: "sort_order must be Ascending or Descending" }).optional(),
    }),
  },
  responses: tabular,
});

const aggregatePost = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/search/aggregate",
  tags: ["Legacy search"],
  summary: "Metrics of the messages a query matches, grouped by field values, as a table",
  request: { body: jsonBody(AggregationRequestSpecSchema) },
  responses: tabular,
});

const aggregateGet = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/search/aggregate",
  tags: ["Legacy search"],
  summary: "Grouped metrics as a table (parameters: groups=field, metrics=function:field)",
  request: { query: z.object({ ...SimpleQuery, groups: ListParam, metrics: ListParam }) },
  responses: tabular,
});

const mapdata = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/search/mapdata",
  tags: ["Legacy search"],
  summary: "How many matching messages have each coordinate value of some geo fields",
  request: { body: jsonBody(MapDataSearchRequestSchema) },
  responses: { 200: jsonContent(MapDataSearchResultSchema, "Per field: coordinate terms with counts, missing, other and total."), ...streamDenied },
});

const SHORT_RANGE = /^(\d+)([smhdw])$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** The `timerange` parameter: a count of units back (5m) or a keyword; Graylog's default is the last five minutes. */
function timeRangeParam(value: string | undefined): TimeRange {
  if (value === undefined || value.trim() === "") return { type: "relative", range: 300 };
  const short = SHORT_RANGE.exec(value.trim());
  if (short) return { type: "relative", range: Number(short[1]) * UNIT_SECONDS[short[2]] };
  return { type: "keyword", keyword: value, timezone: "UTC" };
}

/** Parses a spec built from parameters with the body's schema, so a bad one is a 400 naming the parameter. */
function parseSpec<T>(schema: z.ZodType<T>, spec: Record<string, unknown>): T {
  const parsed = schema.safeParse(spec);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || "query"}: ${issue.message}`);
  throw badRequest(`Invalid query parameter: ${problems.join("; ")}`);
}

function metricParam(text: string): AggregationRequestSpec["metrics"][number] | Record<string, unknown> {
  const separator = text.indexOf(":");
  if (separator < 0) throw badRequest(`Invalid query parameter: metrics: "${text}" must look like function:field, e.g. count: or avg:took_ms`);
  const field = text.slice(separator + 1).trim();
  return { function: text.slice(0, separator).trim(), field: field === "" ? null : field };
}

/** A table as the caller asked for it: CSV with Accept: text/csv, else JSON. */
function answer(c: Context, table: TabularResponse) {
  if (/text\/csv/.test(c.req.header("Accept") ?? "")) {
    return new Response(tabularCsv(table, csvLine), { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return c.json(table, 200);
}

/** Graylog 5.1's simple search API and the legacy map data call (spec 001 §7). */
export function legacySearchApi() {
  return createApiRouter()
    .openapi(messagesPost, async (c) => answer(c, await tabularMessages(c, c.req.valid("json"))) as never)
    .openapi(messagesGet, async (c) => {
      const q = c.req.valid("query");
      const fields = list(q.fields);
      const spec = parseSpec(MessagesRequestSpecSchema, {
        ...(q.query !== undefined ? { query: q.query } : {}),
        streams: list(q.streams),
        timerange: timeRangeParam(q.timerange),
        ...(fields.length > 0 ? { fields } : {}),
        ...(q.from !== undefined ? { from: q.from } : {}),
        ...(q.size !== undefined ? { size: q.size } : {}),
        ...(q.sort !== undefined ? { sort: q.sort } : {}),
        ...(q.sort_order !== undefined ? { sort_order: q.sort_order } : {}),
      });
      return answer(c, await tabularMessages(c, spec)) as never;
    })
    .openapi(aggregatePost, async (c) => answer(c, await tabularAggregation(c, c.req.valid("json"))) as never)
    .openapi(aggregateGet, async (c) => {
      const q = c.req.valid("query");
      const groups = list(q.groups);
      if (groups.length === 0) throw badRequest("Invalid query parameter: groups: at least one grouping has to be provided");
      const metrics = list(q.metrics);
      const spec = parseSpec(AggregationRequestSpecSchema, {
        ...(q.query !== undefined ? { query: q.query } : {}),
        streams: list(q.streams),
        timerange: timeRangeParam(q.timerange),
        group_by: groups.map((field) => ({ field })),
        ...(metrics.length > 0 ? { metrics: metrics.map(metricParam) } : {}),
      });
      return answer(c, await tabularAggregation(c, spec)) as never;
    })
    .openapi(mapdata, async (c) => c.json(await mapData(c, c.req.valid("json")), 200));
}
