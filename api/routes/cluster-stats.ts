import { AUTHENTICATED } from "../access.ts";
import { createApiRouter } from "../router.ts";
import { ElasticsearchStatsSchema } from "../schemas/cluster-stats.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const elasticsearchStats = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/cluster/stats/elasticsearch",
  tags: ["Cluster"],
  summary: "Statistics of the search cluster (the embedded store: one node, one shard per index)",
  responses: { 200: jsonContent(ElasticsearchStatsSchema, "Cluster name and version, health, nodes and indices.") },
});

/** Cluster statistics of the message store (spec 000 §7.2: the shell reads `cluster_version`). */
export function clusterStatsApi() {
  return createApiRouter()
    .openapi(elasticsearchStats, async (c) => c.json(await c.get("backend").clusterStats.elasticsearch(), 200));
}
