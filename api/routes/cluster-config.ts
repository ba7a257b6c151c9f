import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { CLUSTER_CONFIGS, type ClusterConfigClass, isClusterConfigClass } from "../schemas/cluster-config.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";
import { describeValidationError } from "../router.ts";

const Params = z.object({ configClass: z.string().min(1).max(300) });
const AnyConfig = z.record(z.string(), z.unknown()).openapi("ClusterConfigDocument");

const getConfig = secureRoute(requires("clusterconfigentry:read"), {
  method: "get",
  path: "/system/cluster_config/{configClass}",
  tags: ["Cluster config"],
  summary: "A cluster config document by class (e.g. org.graylog2.indexer.searches.SearchesClusterConfig)",
  request: { params: Params },
  responses: { 200: jsonContent(AnyConfig, "The document, or its defaults when never saved."), 404: jsonContent(z.object({ type: z.string(), message: z.string() }), "Unknown config class.") },
});

const putConfig = secureRoute(requires("clusterconfigentry:edit"), {
  method: "put",
  path: "/system/cluster_config/{configClass}",
  tags: ["Cluster config"],
  summary: "Replace a cluster config document",
  request: { params: Params, body: jsonBody(AnyConfig) },
  responses: { 200: jsonContent(AnyConfig, "The saved document."), 404: jsonContent(z.object({ type: z.string(), message: z.string() }), "Unknown config class.") },
});

function knownClass(name: string): ClusterConfigClass {
  if (!isClusterConfigClass(name)) {
    throw notFound(`Unknown cluster config class ${name}; known: ${Object.keys(CLUSTER_CONFIGS).join(", ")}`);
  }
  return name;
}

/** Cluster configuration documents (spec 002 §7: GET and PUT /system/cluster_config/{class}). */
export function clusterConfigApi() {
  return createApiRouter()
    .openapi(getConfig, async (c) => {
      const name = knownClass(c.req.valid("param").configClass);
      return c.json(await c.get("backend").clusterConfig.get(name), 200);
    })
    .openapi(putConfig, async (c) => {
      const name = knownClass(c.req.valid("param").configClass);
      const parsed = CLUSTER_CONFIGS[name].schema.safeParse(c.req.valid("json"));
      if (!parsed.success) throw badRequest(describeValidationError("json", parsed.error));
      await c.get("backend").clusterConfig.save(name, parsed.data);
      return c.json(parsed.data, 200);
    });
}
