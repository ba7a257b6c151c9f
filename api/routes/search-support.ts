import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, requires } from "../access.ts";
import { ApiError, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { UniversalSearchRequest } from "../schemas/backend.ts";
import { ApiErrorSchema, MissingStreamPermissionSchema } from "../schemas/errors.ts";
import {
  ExportRequestSchema,
  FieldsRequestSchema,
  FieldTypeMappingSchema,
  MessageLookupSchema,
  SuggestRequestSchema,
  SuggestResponseSchema,
  UniversalSearchResponseSchema,
  ValidationRequestSchema,
  ValidationResponseSchema,
} from "../schemas/search-support.ts";
import type { TimeRange } from "../schemas/timerange.ts";
import { assertStreamsReadable, searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";
import { csvResponse, exportCsvAnswer } from "../csv-answer.ts";
import { ExportJobIdSchema, MessagesRequestSchema } from "../schemas/export-jobs.ts";
import { createExportJob } from "./export-jobs.ts";

const streamDenied = { 403: jsonContent(MissingStreamPermissionSchema, "Streams the caller may not read.") };
const csvContent = (description: string) => ({ description, content: { "text/csv": { schema: z.string() } } });

const validate = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/search/validate",
  tags: ["Search"],
  summary: "Validate a query for the search bar",
  request: { body: jsonBody(ValidationRequestSchema) },
  responses: { 200: jsonContent(ValidationResponseSchema, "OK, WARNING or ERROR with explanations."), ...streamDenied },
});

const allFields = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/fields",
  tags: ["Search"],
  summary: "Every field of the messages the caller may read",
  responses: { 200: jsonContent(z.array(FieldTypeMappingSchema), "Field names with types and properties.") },
});

const scopedFields = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/fields",
  tags: ["Search"],
  summary: "Fields of messages in some streams and a time range",
  request: { body: jsonBody(FieldsRequestSchema) },
  responses: { 200: jsonContent(z.array(FieldTypeMappingSchema), "Field names with types and properties."), ...streamDenied },
});

const suggest = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/search/suggest",
  tags: ["Search"],
  summary: "Values of a field starting with the input, most frequent first",
  request: { body: jsonBody(SuggestRequestSchema) },
  responses: { 200: jsonContent(SuggestResponseSchema, "Suggestions with occurrences."), ...streamDenied },
});

const messageLookup = secureRoute(requires("messages:read"), {
  method: "get",
  path: "/messages/{index}/{messageId}",
  tags: ["Messages"],
  summary: "One stored message by index and id",
  request: { params: z.object({ index: z.string().min(1).max(255), messageId: z.string().min(1).max(255) }) },
  responses: {
    200: jsonContent(MessageLookupSchema, "The message."),
    404: jsonContent(ApiErrorSchema, "No such message."),
    403: jsonContent(z.union([ApiErrorSchema, MissingStreamPermissionSchema]), "Missing permission, or the message is in no stream the caller may read."),
  },
});

const exportMessages = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/export",
  tags: ["Search"],
  summary: "Export matching messages: streamed CSV, or (Accept: application/json, as Graylog) an export job's id",
  request: { body: jsonBody(ExportRequestSchema) },
  responses: {
    200: {
      description: "CSV (a header of fields_in_order, then one line per message); with Accept: application/json, the export job's id to download from /views/search/messages/job/{id}/{filename}.",
      content: { "text/csv": { schema: z.string() }, "application/json": { schema: ExportJobIdSchema } },
    },
    ...streamDenied,
  },
});

const UniversalQuery = {
  query: z.string().max(10_000).default("*"),
  limit: z.coerce.number().int().min(0).max(10_000).default(150),
  offset: z.coerce.number().int().min(0).default(0),
  filter: z.string().max(10_000).optional(),
  fields: z.string().max(10_000).optional(),
  sort: z.string().regex(/^[^:]+:(asc|desc)$/i, "sort must look like field:asc or field:desc").default("timestamp:desc"),
  decorate: z.coerce.boolean().default(true),
};

const UNIVERSAL_KINDS = {
  relative: {
    permission: "searches:relative",
    query: z.object({ ...UniversalQuery, range: z.coerce.number().int().min(0, "range must be 0 (all time) or a number of seconds").default(300) }),
    timerange: (q: { range: number }): TimeRange => ({ type: "relative", range: q.range }),
  },
  absolute: {
    permission: "searches:absolute",
    query: z.object({ ...UniversalQuery, from: z.string().min(1, "from is required"), to: z.string().min(1, "to is required") }),
    timerange: (q: { from: string; to: string }): TimeRange => ({ type: "absolute", from: q.from, to: q.to }),
  },
  keyword: {
    permission: "searches:keyword",
    query: z.object({ ...UniversalQuery, keyword: z.string().min(1, "keyword is required").max(500), timezone: z.string().max(100).default("UTC") }),
    timerange: (q: { keyword: string; timezone: string }): TimeRange => ({ type: "keyword", keyword: q.keyword, timezone: q.timezone }),
  },
} as const;

type UniversalKind = keyof typeof UNIVERSAL_KINDS;

function universalRoutes(kind: UniversalKind) {
  const definition = UNIVERSAL_KINDS[kind];
  const search = secureRoute(requires(definition.permission), {
    method: "get",
    path: `/search/universal/${kind}`,
    tags: ["Legacy search"],
    summary: `Message search over a ${kind} time range`,
    request: { query: definition.query },
    responses: {
      200: {
        description: "Matching messages; with Accept: text/csv, the page (limit and offset, 0 = every match) as CSV of the fields.",
        content: { "application/json": { schema: UniversalSearchResponseSchema }, "text/csv": { schema: z.string() } },
      },
      ...streamDenied,
    },
  });
  const exportCsv = secureRoute(requires(definition.permission), {
    method: "get",
    path: `/search/universal/${kind}/export`,
    tags: ["Legacy search"],
    summary: `CSV export of a message search over a ${kind} time range`,
    request: { query: definition.query },
    responses: { 200: csvContent("CSV of the chosen fields."), ...streamDenied },
  });
  return { search, exportCsv };
}

function universalRequest(kind: UniversalKind, query: Record<string, unknown>): UniversalSearchRequest {
  const q = query as z.infer<(typeof UNIVERSAL_KINDS)["relative"]["query"]>;
  const [field, order] = q.sort.split(":");
  return {
    query: q.query,
    timerange: (UNIVERSAL_KINDS[kind].timerange as (q: unknown) => TimeRange)(query),
    limit: q.limit,
    offset: q.offset,
    filter: q.filter ?? null,
    fields: q.fields ? q.fields.split(",").map((f) => f.trim()).filter(Boolean) : null,
    sort: { field, order: order.toUpperCase() as "ASC" | "DESC" },
  };
}

const STREAM_FILTER = /^\s*streams:([0-9a-f]{24})\s*$/;

/** Graylog's POST /views/export answers a job id; Sluice's own download reads the CSV at once (Accept: text/csv). */
function wantsJobId(accept: string | undefined): boolean {
  return accept !== undefined && /application\/json/.test(accept) && !/text\/csv/.test(accept);
}

/** Search support calls: validation, fields, suggestions, message lookup, exports and the legacy universal search. */
export function searchSupportApi() {
  const router = createApiRouter()
    .openapi(validate, async (c) => {
      const request = c.req.valid("json");
      const scope = await searchScope(c);
      assertStreamsReadable(scope, request.streams ?? []);
      return c.json(await c.get("backend").search.validate(request, scope), 200);
    })
    .openapi(allFields, async (c) => c.json(await c.get("backend").search.fields({}, await searchScope(c)), 200))
    .openapi(scopedFields, async (c) => {
      const request = c.req.valid("json");
      const scope = await searchScope(c);
      assertStreamsReadable(scope, request.streams ?? []);
      return c.json(await c.get("backend").search.fields(request, scope), 200);
    })
    .openapi(suggest, async (c) => {
      const request = c.req.valid("json");
      const scope = await searchScope(c);
      assertStreamsReadable(scope, request.streams ?? []);
      return c.json(await c.get("backend").search.suggest(request, scope), 200);
    })
    .openapi(messageLookup, async (c) => {
      const { index, messageId } = c.req.valid("param");
      const found = await c.get("backend").search.message(index, messageId);
      if (!found) throw notFound(`Message ${messageId} does not exist in index ${index}.`);
      const scope = await searchScope(c);
      if (scope.readableStreams !== null && !found.streams.some((id) => scope.readableStreams!.includes(id))) {
        assertStreamsReadable(scope, found.streams);
      }
      return c.json({ message: found.message, index: found.index }, 200);
    })
    .openapi(exportMessages, async (c) => {
      const request = c.req.valid("json");
      if (wantsJobId(c.req.header("Accept"))) {
        const job = MessagesRequestSchema.parse(request);
        return c.json(await createExportJob(c, { type: "messages", request: job }), 200);
      }
      return await exportCsvAnswer(c, request, "search-result.csv") as never;
    });
  for (const kind of Object.keys(UNIVERSAL_KINDS) as UniversalKind[]) {
    const { search, exportCsv } = universalRoutes(kind);
    router.openapi(search, async (c) => {
      const request = universalRequest(kind, c.req.valid("query") as Record<string, unknown>);
      const scope = await searchScope(c);
      const streamFilter = request.filter?.match(STREAM_FILTER);
      if (streamFilter) assertStreamsReadable(scope, [streamFilter[1]]);
      if (/text\/csv/.test(c.req.header("Accept") ?? "")) {
        return csvResponse(c.get("backend").search.universalCsv(request, scope), `${kind}-search-result.csv`) as never;
      }
      return c.json(await c.get("backend").search.universal(request, scope), 200);
    });
    router.openapi(exportCsv, async (c) => {
      // The export writes every match unless the caller names a limit.
      const request = { ...universalRequest(kind, c.req.valid("query") as Record<string, unknown>), ...(c.req.query("limit") === undefined ? { limit: 0 } : {}) };
      if (!request.fields) throw new ApiError(400, "Invalid query parameter: fields: name the fields to export, separated by commas");
      const scope = await searchScope(c);
      const streamFilter = request.filter?.match(STREAM_FILTER);
      if (streamFilter) assertStreamsReadable(scope, [streamFilter[1]]);
      return csvResponse(c.get("backend").search.universalCsv(request, scope), `${kind}-search-result.csv`) as never;
    });
  }
  return router;
}
