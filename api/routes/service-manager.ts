import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { badRequest } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { isVersionExpression, SEARCH_DISTRIBUTIONS, type SearchDistribution, satisfiesDistribution } from "../schemas/search-version.ts";
import { SatisfiesVersionSchema, ServiceManagerStatusSchema } from "../schemas/system-stats.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";

const serviceManager = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/serviceManager",
  tags: ["System/ServiceManager"],
  summary: "The node's services, as '<Service> [STATE]' with the milliseconds each took to start",
  responses: { 200: jsonContent(ServiceManagerStatusSchema, "Startup time by service.") },
});

const satisfiesVersion = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/searchVersion/satisfiesVersion/{distribution}",
  tags: ["System/SearchVersion"],
  summary: "Whether the search backend is the given distribution in the given SemVer range (the embedded store is DuckDB: never)",
  request: {
    params: z.object({ distribution: z.string().min(1).max(50) }),
    query: z.object({ version: z.string().max(200).optional() }),
  },
  responses: { 200: jsonContent(SatisfiesVersionSchema, "The verdict."), 400: jsonContent(ApiErrorSchema, "Unsupported distribution or a malformed version expression.") },
});

/** `/system/serviceManager` and `/system/searchVersion` (spec 002 §7 "Other"). */
export function serviceManagerApi() {
  return createApiRouter()
    .openapi(serviceManager, (c) => c.json(c.get("backend").serviceStatus(), 200))
    .openapi(satisfiesVersion, async (c) => {
      const requested = c.req.valid("param").distribution.toLowerCase();
      if (!(SEARCH_DISTRIBUTIONS as readonly string[]).includes(requested)) {
        throw badRequest(`distribution: Unsupported distribution ${c.req.valid("param").distribution}. Valid values are [opensearch, elasticsearch].`);
      }
      const expression = c.req.valid("query").version || ">0";
      if (!isVersionExpression(expression)) throw badRequest(`version: Unable to create a search version range for SemVer expression ${expression}`);
      const { cluster_version } = await c.get("backend").clusterStats.elasticsearch();
      return c.json(satisfiesDistribution(cluster_version, requested as SearchDistribution, expression), 200);
    });
}
