import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { ProcessingStatusSummarySchema } from "../schemas/processing.ts";
import { jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const CHANGE = requires("processing:changestate");
const NodeId = z.object({ nodeId: z.string().min(1).max(64) });
const noSuchNode = { 404: jsonContent(ApiErrorSchema, "No such node.") };

const pause = secureRoute(CHANGE, {
  method: "put", path: "/system/processing/pause", tags: ["System/Processing"],
  summary: "Pause message processing: received messages wait until it resumes", responses: NoContent,
});
const resume = secureRoute(CHANGE, {
  method: "put", path: "/system/processing/resume", tags: ["System/Processing"],
  summary: "Resume message processing: the waiting messages are processed", responses: NoContent,
});
const clusterPause = secureRoute(CHANGE, {
  method: "post", path: "/cluster/{nodeId}/processing/pause", tags: ["Cluster/Processing"],
  summary: "Pause message processing on a node", request: { params: NodeId }, responses: { ...NoContent, ...noSuchNode },
});
const clusterResume = secureRoute(CHANGE, {
  method: "post", path: "/cluster/{nodeId}/processing/resume", tags: ["Cluster/Processing"],
  summary: "Resume message processing on a node", request: { params: NodeId }, responses: { ...NoContent, ...noSuchNode },
});
const status = secureRoute(requires("system:read"), {
  method: "get", path: "/system/processing/status", tags: ["System/Processing/Status"],
  summary: "When the newest message was received, processed and indexed",
  responses: { 200: jsonContent(ProcessingStatusSummarySchema, "The receive times.") },
});
const persisted = secureRoute(requires("system:read"), {
  method: "get", path: "/system/processing/status/persisted", tags: ["System/Processing/Status"],
  summary: "The receive times as last written to the database",
  responses: { 200: jsonContent(ProcessingStatusSummarySchema, "The receive times."), 404: jsonContent(ApiErrorSchema, "None written yet.") },
});

/** Pausing and resuming message processing (Graylog's SystemProcessingResource and its status). */
export function processingApi() {
  return createApiRouter()
    .openapi(pause, async (c) => {
      await c.get("backend").processing.pause();
      return c.body(null, 204);
    })
    .openapi(resume, async (c) => {
      await c.get("backend").processing.resume();
      return c.body(null, 204);
    })
    .openapi(clusterPause, async (c) => {
      await thisNode(c.get("backend").system.info(), c.req.valid("param").nodeId);
      await c.get("backend").processing.pause();
      return c.body(null, 204);
    })
    .openapi(clusterResume, async (c) => {
      await thisNode(c.get("backend").system.info(), c.req.valid("param").nodeId);
      await c.get("backend").processing.resume();
      return c.body(null, 204);
    })
    .openapi(status, (c) => c.json(c.get("backend").processing.status(), 200))
    .openapi(persisted, async (c) => {
      const summary = await c.get("backend").processing.persistedStatus();
      if (!summary) throw notFound("No processing status persisted yet");
      return c.json(summary, 200);
    });
}

async function thisNode(info: Promise<{ node_id: string }>, nodeId: string): Promise<void> {
  if ((await info).node_id !== nodeId) throw notFound(`Node ${nodeId} not found.`);
}
