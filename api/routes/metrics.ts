import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  ClusterMetricsResponseSchema,
  MetricNamesSchema,
  MetricsRequestSchema,
  MetricsResponseSchema,
  MetricValueSchema,
} from "../schemas/metrics.ts";
import { metricRegistryDump, MetricRegistryDumpSchema } from "../schemas/metric-dump.ts";
import { NodeParams } from "../schemas/nodes.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const METRICS = ["Metrics"];
const NO_NODE = { 404: jsonContent(ApiErrorSchema, "No such node.") };
const NamespaceParams = z.object({ namespace: z.string().min(1).max(300) });

const dump = secureRoute(requires("metrics:read"), {
  method: "get", path: "/system/metrics", tags: METRICS, summary: "Every metric of this node, grouped by kind",
  responses: { 200: jsonContent(MetricRegistryDumpSchema, "The registry: gauges, counters, histograms, meters and timers by full name.") },
});
const names = secureRoute(requires("metrics:allkeys"), {
  method: "get", path: "/system/metrics/names", tags: METRICS, summary: "Every metric name of this node",
  responses: { 200: jsonContent(MetricNamesSchema, "The names, sorted.") },
});
const namespace = secureRoute(requires("metrics:read"), {
  method: "get", path: "/system/metrics/namespace/{namespace}", tags: METRICS, summary: "The metrics whose names start with a namespace",
  request: { params: NamespaceParams },
  responses: { 200: jsonContent(MetricsResponseSchema, "The metrics of the namespace."), 404: jsonContent(ApiErrorSchema, "No such namespace.") },
});
const byName = secureRoute(requires("metrics:read"), {
  method: "get", path: "/system/metrics/{metricName}", tags: METRICS, summary: "One metric's value",
  request: { params: z.object({ metricName: z.string().min(1).max(300) }) },
  responses: { 200: jsonContent(MetricValueSchema, "The metric's value."), 404: jsonContent(ApiErrorSchema, "No such metric.") },
});
const clusterMultiple = secureRoute(requires("metrics:read"), {
  method: "post", path: "/cluster/metrics/multiple", tags: METRICS, summary: "Several metrics of every node, by node id",
  request: { body: jsonBody(MetricsRequestSchema) },
  responses: { 200: jsonContent(ClusterMetricsResponseSchema, "Each node's metrics among those asked for.") },
});
const nodeMultiple = secureRoute(requires("metrics:read"), {
  method: "post", path: "/cluster/{nodeId}/metrics/multiple", tags: METRICS, summary: "Several metrics of a node",
  request: { params: NodeParams, body: jsonBody(MetricsRequestSchema) },
  responses: { 200: jsonContent(MetricsResponseSchema, "The node's metrics among those asked for."), ...NO_NODE },
});
const nodeNames = secureRoute(requires("metrics:allkeys"), {
  method: "get", path: "/cluster/{nodeId}/metrics/names", tags: METRICS, summary: "Every metric name of a node",
  request: { params: NodeParams },
  responses: { 200: jsonContent(MetricNamesSchema, "The names, sorted."), ...NO_NODE },
});
const nodeNamespace = secureRoute(requires("metrics:read"), {
  method: "get", path: "/cluster/{nodeId}/metrics/namespace/{namespace}", tags: METRICS, summary: "A node's metrics of a namespace",
  request: { params: NodeParams.extend(NamespaceParams.shape) },
  responses: { 200: jsonContent(MetricsResponseSchema, "The metrics of the namespace."), ...NO_NODE },
});

async function requireNode(backend: Backend, nodeId: string): Promise<void> {
  if (!(await backend.system.nodes()).some((node) => node.node_id === nodeId)) throw notFound(`Node ${nodeId} not found.`);
}

async function ofNamespace(backend: Backend, prefix: string) {
  const matching = (await backend.system.metricNames()).filter((name) => name.startsWith(prefix));
  if (matching.length === 0) throw notFound(`No metrics in namespace ${prefix}.`);
  const metrics = await backend.system.metrics(matching);
  return { total: metrics.length, metrics };
}

/** The metric registry read by name, by namespace, and for every node (System → Nodes → Metrics). */
export function metricsApi() {
  return createApiRouter()
    .openapi(dump, async (c) => {
      const system = c.get("backend").system;
      return c.json(metricRegistryDump(await system.metrics(await system.metricNames())), 200);
    })
    .openapi(names, async (c) => c.json({ names: await c.get("backend").system.metricNames() }, 200))
    .openapi(namespace, async (c) => c.json(await ofNamespace(c.get("backend"), c.req.valid("param").namespace), 200))
    .openapi(byName, async (c) => {
      const { metricName } = c.req.valid("param");
      const [metric] = await c.get("backend").system.metrics([metricName]);
      if (!metric) throw notFound(`No metric named ${metricName}.`);
      return c.json(metric.metric, 200);
    })
    .openapi(clusterMultiple, async (c) => {
      const backend = c.get("backend");
      const [{ node_id }, metrics] = await Promise.all([backend.system.info(), backend.system.metrics(c.req.valid("json").metrics)]);
      return c.json({ [node_id]: { total: metrics.length, metrics } }, 200);
    })
    .openapi(nodeMultiple, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      const metrics = await c.get("backend").system.metrics(c.req.valid("json").metrics);
      return c.json({ total: metrics.length, metrics }, 200);
    })
    .openapi(nodeNames, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      return c.json({ names: await c.get("backend").system.metricNames() }, 200);
    })
    .openapi(nodeNamespace, async (c) => {
      const { nodeId, namespace } = c.req.valid("param");
      await requireNode(c.get("backend"), nodeId);
      return c.json(await ofNamespace(c.get("backend"), namespace), 200);
    });
}
