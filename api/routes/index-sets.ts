import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  ClosedIndicesSchema,
  ClusterHealthSchema,
  ClusterNameSchema,
  CountSchema,
  DeflectorSummarySchema,
  FailureCountQuerySchema,
  FailureCountSchema,
  FailuresQuerySchema,
  IndexerOverviewSchema,
  IndexFailuresSchema,
  IndexInfoSchema,
  IndexListSchema,
  IndexRangeSchema,
  IndexRangesSchema,
  IndexSetCreateSchema,
  IndexSetDefaultsSchema,
  IndexSetDeleteQuerySchema,
  IndexSetListQuerySchema,
  IndexSetListSchema,
  IndexSetSchema,
  IndexSetStatsSchema,
  type IndexSetStore,
  IndexSetUpdateSchema,
  MultipleIndicesRequestSchema,
  type StoredIndex,
} from "../schemas/index-sets.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/**
 * Index sets and indices (spec 002 §7 "Index sets and indices"), in Graylog 5.1's paths and permissions. The
 * embedded store is one node with no replicas to place: its indexer cluster is always green.
 */

const READ = "indexsets:read";
const CREATE = "indexsets:create";
const EDIT = "indexsets:edit";
const DELETE = "indexsets:delete";
const INDICES_READ = "indices:read";
const INDICES_CHANGE = "indices:changestate";
const INDICES_DELETE = "indices:delete";
const FAILURES_READ = "indices:failures";
const DEFLECTOR_READ = "deflector:read";
const DEFLECTOR_CYCLE = "deflector:cycle";

const SETS = ["Index sets"];
const INDICES = ["Indices"];
const INDEXER = ["Indexer"];

const IndexSetId = z.object({ indexSetId: z.string().regex(/^[0-9a-f]{24}$/, "indexSetId must be a 24-character hex ObjectId") });
const IndexName = z.object({ index: z.string().min(1).max(300).regex(/^[a-z0-9][a-z0-9_+-]*$/, "index must be an index name") });
const noSuchSet = { 404: jsonContent(ApiErrorSchema, "No index set with this id.") };
const noSuchIndex = { 404: jsonContent(ApiErrorSchema, "No such index.") };

/** The name the embedded indexer cluster answers to. */
const CLUSTER_NAME = "sluice-embedded";
const GREEN = { status: "green" as const, shards: { active: 0, initializing: 0, relocating: 0, unassigned: 0 } };

const listSets = secureRoute(requires(READ), {
  method: "get", path: "/system/indices/index_sets", tags: SETS,
  summary: "Index sets, with their statistics when stats=true (skip and limit page them; limit 0 = all)",
  request: { query: IndexSetListQuerySchema },
  responses: { 200: jsonContent(IndexSetListSchema, "The index sets, the default first.") },
});
const allStats = secureRoute(requires(READ), {
  method: "get", path: "/system/indices/index_sets/stats", tags: SETS,
  summary: "Indices, documents and bytes of all index sets together",
  responses: { 200: jsonContent(IndexSetStatsSchema, "The totals.") },
});
const getSet = secureRoute(requires(READ), {
  method: "get", path: "/system/indices/index_sets/{indexSetId}", tags: SETS, summary: "An index set",
  request: { params: IndexSetId }, responses: { 200: jsonContent(IndexSetSchema, "The index set."), ...noSuchSet },
});
const setStats = secureRoute(requires(READ), {
  method: "get", path: "/system/indices/index_sets/{indexSetId}/stats", tags: SETS, summary: "Indices, documents and bytes of an index set",
  request: { params: IndexSetId }, responses: { 200: jsonContent(IndexSetStatsSchema, "The statistics."), ...noSuchSet },
});
const createSet = secureRoute(requires(CREATE), {
  method: "post", path: "/system/indices/index_sets", tags: SETS,
  summary: "Create an index set; its prefix must be new and must not overlap another set's",
  request: { body: jsonBody(IndexSetCreateSchema) }, responses: { 200: jsonContent(IndexSetSchema, "The stored index set.") },
});
const updateSet = secureRoute(requires(EDIT), {
  method: "put", path: "/system/indices/index_sets/{indexSetId}", tags: SETS,
  summary: "Change an index set (not its prefix); new rotation and retention settings apply from the next message",
  request: { params: IndexSetId, body: jsonBody(IndexSetUpdateSchema) },
  responses: { 200: jsonContent(IndexSetSchema, "The stored index set."), ...noSuchSet },
});
const deleteSet = secureRoute(requires(DELETE), {
  method: "delete", path: "/system/indices/index_sets/{indexSetId}", tags: SETS,
  summary: "Delete an index set that no stream uses (not the default); delete_indices (default true) deletes its indices",
  request: { params: IndexSetId, query: IndexSetDeleteQuerySchema }, responses: { ...NoContent, ...noSuchSet },
});
const makeDefault = secureRoute(requires(EDIT), {
  method: "put", path: "/system/indices/index_sets/{indexSetId}/default", tags: SETS, summary: "Make a writable index set the default",
  request: { params: IndexSetId }, responses: { 200: jsonContent(IndexSetSchema, "The new default index set."), ...noSuchSet },
});
const putDefaults = secureRoute(requires("clusterconfigentry:edit"), {
  method: "put", path: "/system/indices/index_set_defaults", tags: SETS, summary: "The defaults a new index set starts with",
  request: { body: jsonBody(IndexSetDefaultsSchema) }, responses: NoContent,
});

const overview = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/overview/{indexSetId}", tags: INDEXER,
  summary: "The indexer overview of an index set: write index, cluster health, message count and each index",
  request: { params: IndexSetId }, responses: { 200: jsonContent(IndexerOverviewSchema, "The overview."), ...noSuchSet },
});
const clusterHealth = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/cluster/health", tags: INDEXER, summary: "Health of the indexer cluster",
  responses: { 200: jsonContent(ClusterHealthSchema, "The health.") },
});
const clusterName = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/cluster/name", tags: INDEXER, summary: "Name of the indexer cluster",
  responses: { 200: jsonContent(ClusterNameSchema, "The name.") },
});
const indexInfo = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/indices/{index}", tags: INDICES, summary: "An index: documents and bytes",
  request: { params: IndexName }, responses: { 200: jsonContent(IndexInfoSchema, "The index."), ...noSuchIndex },
});
const multipleIndices = secureRoute(requires(INDICES_READ), {
  method: "post", path: "/system/indexer/indices/multiple", tags: INDICES, summary: "Several indices by name (unknown names are left out)",
  request: { body: jsonBody(MultipleIndicesRequestSchema) },
  responses: { 200: jsonContent(z.record(z.string(), IndexInfoSchema), "The indices by name.") },
});
const openIndices = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/indices/open", tags: INDICES, summary: "Open indices of all index sets",
  responses: { 200: jsonContent(IndexListSchema, "The open indices.") },
});
const closedIndices = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/indices/closed", tags: INDICES, summary: "Closed indices of all index sets",
  responses: { 200: jsonContent(ClosedIndicesSchema, "The closed indices.") },
});
const setIndices = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indexer/indices/{indexSetId}/list", tags: INDICES, summary: "The indices of an index set",
  request: { params: IndexSetId }, responses: { 200: jsonContent(IndexListSchema, "Its indices, open and closed."), ...noSuchSet },
});
const closeIndex = secureRoute(requires(INDICES_CHANGE), {
  method: "post", path: "/system/indexer/indices/{index}/close", tags: INDICES,
  summary: "Close an index: its messages are no longer searched until it is reopened (not the write index)",
  request: { params: IndexName }, responses: { ...NoContent, ...noSuchIndex },
});
const reopenIndex = secureRoute(requires(INDICES_CHANGE), {
  method: "post", path: "/system/indexer/indices/{index}/reopen", tags: INDICES, summary: "Reopen a closed index: its messages are searched again",
  request: { params: IndexName }, responses: { ...NoContent, ...noSuchIndex },
});
const deleteIndex = secureRoute(requires(INDICES_DELETE), {
  method: "delete", path: "/system/indexer/indices/{index}", tags: INDICES,
  summary: "Delete an index: its messages are gone from every search (not the write index)",
  request: { params: IndexName }, responses: { ...NoContent, ...noSuchIndex },
});

const failures = secureRoute(requires(FAILURES_READ), {
  method: "get", path: "/system/indexer/failures", tags: INDEXER,
  summary: "Indexing failures, newest first (the embedded store drops a value of the wrong type instead of failing a message)",
  request: { query: FailuresQuerySchema }, responses: { 200: jsonContent(IndexFailuresSchema, "A page of failures.") },
});
const failureCount = secureRoute(requires(FAILURES_READ), {
  method: "get", path: "/system/indexer/failures/count", tags: INDEXER, summary: "How many indexing failures since a time",
  request: { query: FailureCountQuerySchema }, responses: { 200: jsonContent(FailureCountSchema, "The count.") },
});

const ranges = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indices/ranges", tags: INDICES, summary: "The ranges of all indices",
  responses: { 200: jsonContent(IndexRangesSchema, "The ranges.") },
});
const range = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/system/indices/ranges/{index}", tags: INDICES, summary: "The range of an index",
  request: { params: IndexName }, responses: { 200: jsonContent(IndexRangeSchema, "The range."), ...noSuchIndex },
});
const rebuildAll = secureRoute(requires(INDICES_CHANGE), {
  method: "post", path: "/system/indices/ranges/rebuild", tags: INDICES, summary: "Recalculate the ranges of all indices from their messages",
  responses: { 202: { description: "Recalculated." } },
});
const rebuildSet = secureRoute(requires(INDICES_CHANGE), {
  method: "post", path: "/system/indices/ranges/index_set/{indexSetId}/rebuild", tags: INDICES,
  summary: "Recalculate the ranges of an index set's indices", request: { params: IndexSetId },
  responses: { 202: { description: "Recalculated." }, ...noSuchSet },
});
const rebuildOne = secureRoute(requires(INDICES_CHANGE), {
  method: "post", path: "/system/indices/ranges/{index}/rebuild", tags: INDICES, summary: "Recalculate the range of an index",
  request: { params: IndexName }, responses: { 202: { description: "Recalculated." }, ...noSuchIndex },
});

const deflector = secureRoute(requires(DEFLECTOR_READ), {
  method: "get", path: "/system/deflector/{indexSetId}", tags: INDEXER, summary: "The write index of an index set",
  request: { params: IndexSetId }, responses: { 200: jsonContent(DeflectorSummarySchema, "The write index."), ...noSuchSet },
});
const cycleRoute = (path: "/cluster/deflector/{indexSetId}/cycle" | "/system/deflector/{indexSetId}/cycle") =>
  secureRoute(requires(DEFLECTOR_CYCLE), {
    method: "post", path, tags: INDEXER, summary: "Rotate now: start a new write index of the index set (then retention applies)",
    request: { params: IndexSetId }, responses: { ...NoContent, ...noSuchSet },
  });
const cycleCluster = cycleRoute("/cluster/deflector/{indexSetId}/cycle");
const cycleSystem = cycleRoute("/system/deflector/{indexSetId}/cycle");

const countTotal = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/count/total", tags: INDICES, summary: "Messages in all open indices",
  responses: { 200: jsonContent(CountSchema, "The count.") },
});
const countSet = secureRoute(requires(INDICES_READ), {
  method: "get", path: "/count/{indexSetId}/total", tags: INDICES, summary: "Messages in the open indices of an index set",
  request: { params: IndexSetId }, responses: { 200: jsonContent(CountSchema, "The count."), ...noSuchSet },
});

/** Index sets, indices, ranges, the write index and indexer status. */
export function indexSetsApi() {
  return createApiRouter()
    .openapi(listSets, async (c) => {
      const { skip, limit, stats } = c.req.valid("query");
      const store = indexSets(c);
      const all = await store.list();
      const page = all.slice(skip, limit > 0 ? skip + limit : undefined);
      return c.json({
        total: all.length,
        index_sets: page,
        stats: stats ? Object.fromEntries(page.map((set) => [set.id, store.stats(set.id)])) : {},
      }, 200);
    })
    .openapi(allStats, (c) => c.json(indexSets(c).stats(), 200))
    .openapi(getSet, async (c) => c.json(await existingSet(c, c.req.valid("param").indexSetId), 200))
    .openapi(setStats, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      return c.json(indexSets(c).stats(id), 200);
    })
    .openapi(createSet, async (c) => c.json(await refusalsAreBadRequests(indexSets(c).create(c.req.valid("json"))), 200))
    .openapi(updateSet, async (c) => {
      const { indexSetId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(indexSets(c).update(indexSetId, c.req.valid("json")));
      if (!updated) throw notFound(`Index set <${indexSetId}> not found.`);
      return c.json(updated, 200);
    })
    .openapi(deleteSet, async (c) => {
      const { indexSetId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(indexSets(c).delete(indexSetId, c.req.valid("query").delete_indices)))) {
        throw notFound(`Index set <${indexSetId}> not found.`);
      }
      return c.body(null, 204);
    })
    .openapi(makeDefault, async (c) => {
      const { indexSetId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(indexSets(c).setDefault(indexSetId));
      if (!updated) throw notFound(`Index set <${indexSetId}> not found.`);
      return c.json(updated, 200);
    })
    .openapi(putDefaults, async (c) => {
      await indexSets(c).saveDefaults(c.req.valid("json"));
      return c.body(null, 204);
    })
    .openapi(overview, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      const store = indexSets(c);
      const write = store.writeIndex(id);
      const indices = store.indices(id);
      return c.json({
        deflector: { is_up: write !== null, current_target: write?.name ?? null },
        indexer_cluster: { health: health(store), name: CLUSTER_NAME },
        counts: { events: store.stats(id).documents },
        indices: Object.fromEntries(indices.map((index) => [index.name, {
          size: index.status === "open" ? { events: index.docCount, deleted: 0, bytes: index.sizeBytes } : null,
          range: index.status === "open" ? rangeOf(index) : null,
          is_deflector: index.name === write?.name,
          is_closed: index.status === "closed",
          is_reopened: false,
        }])),
      }, 200);
    })
    .openapi(clusterHealth, (c) => c.json(health(indexSets(c)), 200))
    .openapi(clusterName, (c) => c.json({ name: CLUSTER_NAME }, 200))
    .openapi(openIndices, (c) => c.json(indexList(indexSets(c), indexSets(c).indices().filter((index) => index.status === "open")), 200))
    .openapi(closedIndices, (c) => {
      const closed = indexSets(c).indices().filter((index) => index.status === "closed").map((index) => index.name);
      return c.json({ indices: closed, total: closed.length }, 200);
    })
    .openapi(multipleIndices, (c) => {
      const store = indexSets(c);
      const found = c.req.valid("json").indices.flatMap((name) => {
        const index = store.index(name);
        return index ? [[name, infoOf(index)] as const] : [];
      });
      return c.json(Object.fromEntries(found), 200);
    })
    .openapi(setIndices, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      return c.json(indexList(indexSets(c), indexSets(c).indices(id)), 200);
    })
    .openapi(indexInfo, (c) => c.json(infoOf(existingIndex(c, c.req.valid("param").index)), 200))
    .openapi(closeIndex, async (c) => {
      await refusalsAreBadRequests(indexSets(c).closeIndex(existingIndex(c, c.req.valid("param").index).name));
      return c.body(null, 204);
    })
    .openapi(reopenIndex, async (c) => {
      await refusalsAreBadRequests(indexSets(c).reopenIndex(existingIndex(c, c.req.valid("param").index).name));
      return c.body(null, 204);
    })
    .openapi(deleteIndex, async (c) => {
      await refusalsAreBadRequests(indexSets(c).deleteIndex(existingIndex(c, c.req.valid("param").index).name));
      return c.body(null, 204);
    })
    .openapi(failures, (c) => c.json({ failures: [], total: 0 }, 200))
    .openapi(failureCount, (c) => c.json({ count: 0 }, 200))
    .openapi(ranges, (c) => {
      const list = indexSets(c).indices().filter((index) => index.status === "open").map(rangeOf);
      return c.json({ total: list.length, ranges: list }, 200);
    })
    .openapi(range, (c) => c.json(rangeOf(existingIndex(c, c.req.valid("param").index)), 200))
    .openapi(rebuildAll, async (c) => {
      await indexSets(c).rebuildRanges();
      return c.body(null, 202);
    })
    .openapi(rebuildSet, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      await indexSets(c).rebuildRanges(indexSets(c).indices(id).map((index) => index.name));
      return c.body(null, 202);
    })
    .openapi(rebuildOne, async (c) => {
      await indexSets(c).rebuildRanges([existingIndex(c, c.req.valid("param").index).name]);
      return c.body(null, 202);
    })
    .openapi(deflector, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      const write = indexSets(c).writeIndex(id);
      return c.json({ is_up: write !== null, current_target: write?.name ?? null }, 200);
    })
    .openapi(cycleCluster, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      await indexSets(c).cycle(id);
      return c.body(null, 204);
    })
    .openapi(cycleSystem, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      await indexSets(c).cycle(id);
      return c.body(null, 204);
    })
    .openapi(countTotal, (c) => c.json({ events: indexSets(c).stats().documents }, 200))
    .openapi(countSet, async (c) => {
      const { id } = await existingSet(c, c.req.valid("param").indexSetId);
      return c.json({ events: indexSets(c).stats(id).documents }, 200);
    });
}

const indexSets = (c: Context): IndexSetStore => c.get("backend").indexSets;

async function existingSet(c: Context, id: string) {
  const set = await indexSets(c).get(id);
  if (!set) throw notFound(`Index set <${id}> not found.`);
  return set;
}

function existingIndex(c: Context, name: string): StoredIndex {
  const index = indexSets(c).index(name);
  if (!index) throw notFound(`Index ${name} not found.`);
  return index;
}

/** One node, no replicas: every shard of every open index is active. */
function health(store: IndexSetStore) {
  const open = store.indices().filter((index) => index.status === "open").length;
  return { ...GREEN, shards: { ...GREEN.shards, active: open } };
}

function rangeOf(index: StoredIndex) {
  return {
    index_name: index.name,
    begin: new Date(index.beginMs ?? 0).toISOString(),
    end: new Date(index.endMs ?? 0).toISOString(),
    calculated_at: new Date(index.rangeCalculatedAtMs).toISOString(),
    took_ms: 0,
  };
}

function infoOf(index: StoredIndex) {
  const documents = { count: index.status === "open" ? index.docCount : 0, deleted: 0 };
  const bytes = index.status === "open" ? index.sizeBytes : 0;
  return {
    index_name: index.name,
    index_set_id: index.indexSetId,
    primary_shards: { documents, store_size_bytes: bytes },
    all_shards: { documents, store_size_bytes: bytes },
    reopened: false,
    closed: index.status === "closed",
  };
}

function indexList(store: IndexSetStore, indices: StoredIndex[]) {
  return {
    indices: indices.map((index) => ({
      index_name: index.name,
      is_closed: index.status === "closed",
      is_deflector: store.writeIndex(index.indexSetId)?.name === index.name,
      document_count: index.docCount,
      size_bytes: index.sizeBytes,
    })),
    total: indices.length,
  };
}

/** A store's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
