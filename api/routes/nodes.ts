import { AUTHENTICATED, requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  BuffersSchema,
  ClusterJvmSchema,
  ClusterSystemSchema,
  NodeParams,
  ProcessBufferDumpSchema,
  ThreadDumpSchema,
  ThroughputSchema,
} from "../schemas/nodes.ts";
import { ClusterNodeSchema, JvmInfoSchema, SystemInfoSchema } from "../schemas/system.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const CLUSTER = ["Cluster"];
const SYSTEM = ["System"];
const NO_NODE = { 404: jsonContent(ApiErrorSchema, "No such node.") };

const thisNode = secureRoute(AUTHENTICATED, {
  method: "get", path: "/system/cluster/node", tags: CLUSTER, summary: "The node that answers",
  responses: { 200: jsonContent(ClusterNodeSchema, "This node.") },
});
const nodeById = secureRoute(AUTHENTICATED, {
  method: "get", path: "/system/cluster/nodes/{nodeId}", tags: CLUSTER, summary: "A node of the cluster",
  request: { params: NodeParams },
  responses: { 200: jsonContent(ClusterNodeSchema, "The node."), ...NO_NODE },
});
const clusterSystem = secureRoute(AUTHENTICATED, {
  method: "get", path: "/cluster", tags: CLUSTER, summary: "System information of every node, by node id",
  responses: { 200: jsonContent(ClusterSystemSchema, "Each node's system information.") },
});
const nodeSystem = secureRoute(AUTHENTICATED, {
  method: "get", path: "/cluster/{nodeId}/system", tags: CLUSTER, summary: "System information of a node",
  request: { params: NodeParams },
  responses: { 200: jsonContent(SystemInfoSchema, "The node's system information."), ...NO_NODE },
});
const clusterJvm = secureRoute(requires("jvmstats:read"), {
  method: "get", path: "/cluster/jvm", tags: CLUSTER, summary: "Runtime information of every node, by node id",
  responses: { 200: jsonContent(ClusterJvmSchema, "Each node's runtime and memory.") },
});
const nodeJvm = secureRoute(requires("jvmstats:read"), {
  method: "get", path: "/cluster/{nodeId}/jvm", tags: CLUSTER, summary: "Runtime information of a node",
  request: { params: NodeParams },
  responses: { 200: jsonContent(JvmInfoSchema, "The node's runtime and memory."), ...NO_NODE },
});
const threadDump = secureRoute(requires("threads:dump"), {
  method: "get", path: "/system/threaddump", tags: SYSTEM, summary: "The threads of this node and where they are",
  responses: { 200: jsonContent(ThreadDumpSchema, "The thread dump as text.") },
});
const nodeThreadDump = secureRoute(requires("threads:dump"), {
  method: "get", path: "/cluster/{nodeId}/threaddump", tags: CLUSTER, summary: "The threads of a node",
  request: { params: NodeParams },
  responses: { 200: jsonContent(ThreadDumpSchema, "The thread dump as text."), ...NO_NODE },
});
const processBufferDump = secureRoute(requires("processbuffer:dump"), {
  method: "get", path: "/system/processbufferdump", tags: SYSTEM, summary: "What the process buffer's processors do now",
  responses: { 200: jsonContent(ProcessBufferDumpSchema, "Each processor's state.") },
});
const nodeProcessBufferDump = secureRoute(requires("processbuffer:dump"), {
  method: "get", path: "/cluster/{nodeId}/processbufferdump", tags: CLUSTER, summary: "What a node's process buffer does now",
  request: { params: NodeParams },
  responses: { 200: jsonContent(ProcessBufferDumpSchema, "Each processor's state."), ...NO_NODE },
});
const buffers = secureRoute(requires("buffers:read"), {
  method: "get", path: "/system/buffers", tags: SYSTEM, summary: "How full the input, process and output buffers are",
  responses: { 200: jsonContent(BuffersSchema, "Buffer utilization.") },
});
const throughput = secureRoute(requires("throughput:read"), {
  method: "get", path: "/system/throughput", tags: SYSTEM, summary: "Messages written in the last second",
  responses: { 200: jsonContent(ThroughputSchema, "The current throughput.") },
});

/** Refuses a node id other than this node's (the embedded cluster has one node). */
async function requireNode(backend: Backend, nodeId: string) {
  const node = (await backend.system.nodes()).find((candidate) => candidate.node_id === nodeId);
  if (!node) throw notFound(`Node ${nodeId} not found.`);
  return node;
}

/** The nodes of the cluster and what each one reports about itself (System → Nodes, spec 002 §7). */
export function nodesApi() {
  return createApiRouter()
    .openapi(thisNode, async (c) => {
      const { node_id } = await c.get("backend").system.info();
      return c.json(await requireNode(c.get("backend"), node_id), 200);
    })
    .openapi(nodeById, async (c) => c.json(await requireNode(c.get("backend"), c.req.valid("param").nodeId), 200))
    .openapi(clusterSystem, async (c) => {
      const info = await c.get("backend").system.info();
      return c.json({ [info.node_id]: info }, 200);
    })
    .openapi(nodeSystem, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      return c.json(await c.get("backend").system.info(), 200);
    })
    .openapi(clusterJvm, async (c) => {
      const jvm = await c.get("backend").system.jvm();
      return c.json({ [jvm.node_id]: jvm }, 200);
    })
    .openapi(nodeJvm, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      return c.json(await c.get("backend").system.jvm(), 200);
    })
    .openapi(threadDump, async (c) => c.json({ threaddump: await c.get("backend").system.threadDump() }, 200))
    .openapi(nodeThreadDump, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      return c.json({ threaddump: await c.get("backend").system.threadDump() }, 200);
    })
    .openapi(processBufferDump, async (c) => c.json({ processbuffer_dump: await c.get("backend").system.processBufferDump() }, 200))
    .openapi(nodeProcessBufferDump, async (c) => {
      await requireNode(c.get("backend"), c.req.valid("param").nodeId);
      return c.json({ processbuffer_dump: await c.get("backend").system.processBufferDump() }, 200);
    })
    // The embedded node hands each batch straight from the input to the chain and the store: no ring buffer
    // holds messages between them, so every buffer is empty whenever this is asked.
    .openapi(buffers, (c) => {
      const empty = { utilization_percent: 0, utilization: 0 };
      return c.json({ buffers: { input: empty, process: empty, output: empty } }, 200);
    })
    .openapi(throughput, async (c) => {
      const [rate] = await c.get("backend").system.metrics(["org.graylog2.throughput.output.1-sec-rate"]);
      return c.json({ throughput: rate?.type === "gauge" ? rate.metric.value : 0 }, 200);
    });
}
