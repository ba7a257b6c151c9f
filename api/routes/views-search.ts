import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { ApiError, forbidden, notFound } from "../errors.ts";
import { mayUseSearch, readableSearch } from "../readable-search.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema, MissingStreamPermissionSchema } from "../schemas/errors.ts";
import { ExecutionStateSchema, type Search, SearchJobSchema, SearchSchema } from "../schemas/search.ts";
import { assertStreamsReadable, searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const SearchId = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId") });
const streamDenied = { 403: jsonContent(MissingStreamPermissionSchema, "The search names streams the caller may not read.") };

const createSearch = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search",
  tags: ["Search"],
  summary: "Create (or replace one's own) search",
  request: { body: jsonBody(SearchSchema) },
  responses: { 201: jsonContent(SearchSchema, "The stored search, with its id."), ...streamDenied },
});

const getSearch = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/search/{id}",
  tags: ["Search"],
  summary: "A search by id",
  request: { params: SearchId },
  responses: { 200: jsonContent(SearchSchema, "The search."), 404: jsonContent(ApiErrorSchema, "No such search.") },
});

const executeSearch = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/{id}/execute",
  tags: ["Search"],
  summary: "Run a search; the job is normally done when this answers",
  request: { params: SearchId, body: { required: false, content: { "application/json": { schema: ExecutionStateSchema } } } },
  responses: { 201: jsonContent(SearchJobSchema, "The search job (Location: its status URL)."), 404: jsonContent(ApiErrorSchema, "No such search."), ...streamDenied },
});

const jobStatus = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/search/status/{jobId}",
  tags: ["Search"],
  summary: "A search job's state and results",
  request: { params: z.object({ jobId: z.string().regex(/^[0-9a-f]{24}$/, "jobId must be a 24-character hex ObjectId") }) },
  responses: { 200: jsonContent(SearchJobSchema, "The job."), 404: jsonContent(ApiErrorSchema, "No such job (or it expired).") },
});

const syncSearch = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/sync",
  tags: ["Search"],
  summary: "Create and run a search in one call",
  request: {
    body: jsonBody(SearchSchema),
    query: z.object({ timeout: z.coerce.number().int().min(1).max(600_000).default(60_000) }),
  },
  responses: { 200: jsonContent(SearchJobSchema, "The finished job."), ...streamDenied },
});

/** Streams a search names: query filters and search type overrides. */
function requestedStreams(search: Search): string[] {
  return search.queries.flatMap((query) => [
    ...(query.filter?.type === "or" ? query.filter.filters.map((filter) => filter.id) : []),
    ...query.search_types.flatMap((st) => [...(st.streams ?? []), ...(st.filter?.type === "or" ? st.filter.filters.map((f) => f.id) : [])]),
  ]);
}

/** The views search API (GRAYLOG-NOTES §2): one job per page serves every widget. */
export function viewsSearchApi() {
  return createApiRouter()
    .openapi(createSearch, async (c) => {
      const search = c.req.valid("json");
      assertStreamsReadable(await searchScope(c), requestedStreams(search));
      const stored = await c.get("backend").search.saveSearch(search, c.get("user")!.username);
      if (!stored) throw forbidden(`Search ${search.id} belongs to another user.`);
      return c.json(stored, 201);
    })
    .openapi(getSearch, async (c) => {
      const { id } = c.req.valid("param");
      // A saved search shared with the caller lets them read its search too.
      const search = await readableSearch(c, id);
      if (!search) throw notFound(`No search with id ${id}.`);
      return c.json(search, 200);
    })
    .openapi(executeSearch, async (c) => {
      const { id } = c.req.valid("param");
      const backend = c.get("backend");
      const search = await backend.search.getSearch(id);
      const scope = await searchScope(c);
      if (!search || !mayUseSearch(search, c.get("user")!)) throw notFound(`No search with id ${id}.`);
      assertStreamsReadable(scope, requestedStreams(search));
      const state = ExecutionStateSchema.parse(c.req.valid("json") ?? {});
      const job = await backend.search.execute(search, state, scope);
      c.header("Location", `${new URL(c.req.url).pathname.replace(/\/views\/search\/.*$/, "")}/views/search/status/${job.id}`);
      return c.json(job, 201);
    })
    .openapi(jobStatus, async (c) => {
      const job = await c.get("backend").search.job(c.req.valid("param").jobId, c.get("user")!.username);
      if (!job) throw notFound(`No search job ${c.req.valid("param").jobId}; jobs expire five minutes after they were last read.`);
      return c.json(job, 200);
    })
    .openapi(syncSearch, async (c) => {
      const backend = c.get("backend");
      const scope = await searchScope(c);
      const search = c.req.valid("json");
      assertStreamsReadable(scope, requestedStreams(search));
      const stored = await backend.search.saveSearch(search, scope.owner);
      if (!stored) throw forbidden(`Search ${search.id} belongs to another user.`);
      const { timeout } = c.req.valid("query");
      const job = await withTimeout(backend.search.execute(stored, ExecutionStateSchema.parse({}), scope), timeout);
      return c.json(job, 200);
    });
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(503, `The search did not finish within ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
