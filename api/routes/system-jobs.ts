import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  ClusterJobsSchema,
  JobTriggeredSchema,
  SystemJobListSchema,
  SystemJobSummarySchema,
  TriggerRequestSchema,
} from "../schemas/system-jobs.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const TAGS = ["System/Jobs"];
const JobId = z.object({ jobId: z.string().min(1).max(64) });
const noSuchJob = { 404: jsonContent(ApiErrorSchema, "No such job.") };

const list = secureRoute(requires("systemjobs:read"), {
  method: "get", path: "/system/jobs", tags: TAGS, summary: "Jobs of this node: running, and finished but not acknowledged",
  responses: { 200: jsonContent(SystemJobListSchema, "The jobs, newest first.") },
});
const clusterList = secureRoute(requires("systemjobs:read"), {
  method: "get", path: "/cluster/jobs", tags: ["Cluster/Jobs"], summary: "The jobs of every node, by node id",
  responses: { 200: jsonContent(ClusterJobsSchema, "Each node's jobs.") },
});
const get = secureRoute(requires("systemjobs:read"), {
  method: "get", path: "/system/jobs/{jobId}", tags: TAGS, summary: "A job of this node",
  request: { params: JobId }, responses: { 200: jsonContent(SystemJobSummarySchema, "The job."), ...noSuchJob },
});
const trigger = secureRoute(requires("systemjobs:create"), {
  method: "post", path: "/system/jobs", tags: TAGS, summary: "Start a job (the index range rebuild)",
  request: { body: jsonBody(TriggerRequestSchema) },
  responses: { 202: jsonContent(JobTriggeredSchema, "Started.") },
});
const cancel = secureRoute(requires("systemjobs:delete"), {
  method: "delete", path: "/system/jobs/{jobId}", tags: TAGS, summary: "Cancel a running job (none of this node's jobs can be cancelled)",
  request: { params: JobId },
  responses: { 403: jsonContent(ApiErrorSchema, "The job cannot be cancelled."), ...noSuchJob },
});
const acknowledge = secureRoute(requires("systemjobs:delete"), {
  method: "delete", path: "/system/jobs/acknowledge/{jobId}", tags: TAGS, summary: "Acknowledge a finished job: it leaves the list",
  request: { params: JobId }, responses: { 202: { description: "Acknowledged." }, ...noSuchJob },
});

/** System jobs (Graylog's SystemJobResource and ClusterSystemJobResource): the range rebuild and deflector cycles. */
export function systemJobsApi() {
  return createApiRouter()
    .openapi(list, (c) => c.json({ jobs: c.get("backend").systemJobs.list() }, 200))
    .openapi(clusterList, async (c) => {
      const { node_id } = await c.get("backend").system.info();
      return c.json({ [node_id]: { jobs: c.get("backend").systemJobs.list() } }, 200);
    })
    .openapi(get, (c) => {
      const { jobId } = c.req.valid("param");
      const job = c.get("backend").systemJobs.get(jobId);
      if (!job) throw notFound(`No system job with ID <${jobId}> found`);
      return c.json(job, 200);
    })
    .openapi(trigger, (c) => c.json({ system_job_id: c.get("backend").systemJobs.trigger(c.req.valid("json").job_name) }, 202))
    .openapi(cancel, (c) => {
      const { jobId } = c.req.valid("param");
      if (!c.get("backend").systemJobs.get(jobId)) throw notFound(`No system job with ID <${jobId}> found`);
      throw forbidden(`System job with ID <${jobId}> cannot be cancelled`);
    })
    .openapi(acknowledge, (c) => {
      const { jobId } = c.req.valid("param");
      if (!c.get("backend").systemJobs.acknowledge(jobId)) throw notFound(`System job with ID <${jobId}> not found!`);
      return c.body(null, 202);
    });
}
