import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requires } from "../access.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import {
  ConnectPipelineSchema,
  ConnectStreamSchema,
  FunctionDescriptorSchema,
  ParseErrorsAnswerSchema,
  PipelineBodySchema,
  PipelineConnectionsSchema,
  PipelineSourceSchema,
  RuleBodySchema,
  RuleCounterEntrySchema,
  RuleSourceError,
  RuleSourceSchema,
  SimulationRequestSchema,
  SimulationResponseSchema,
} from "../schemas/pipelines.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/** Graylog's permissions for pipelines, rules and connections (spec 002 §6 gates the menu on the first two). */
const PIPELINE = { read: "pipeline:read", create: "pipeline:create", edit: "pipeline:edit", delete: "pipeline:delete" };
const RULE = { read: "pipeline_rule:read", create: "pipeline_rule:create", edit: "pipeline_rule:edit", delete: "pipeline_rule:delete" };
const CONNECTION = { read: "pipeline_connection:read", edit: "pipeline_connection:edit" };

const TAGS = ["Pipelines"];
const BASE = "/system/pipelines";
const Id = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId") });
const StreamId = z.object({ streamId: z.string().regex(/^[0-9a-f]{24}$/, "streamId must be a 24-character hex ObjectId") });
const parseErrors = { 400: jsonContent(ParseErrorsAnswerSchema, "The source does not parse: every error at its line and position, or another bad field.") };
const missingRule = { 404: jsonContent(ApiErrorSchema, "No rule with this id.") };
const missingPipeline = { 404: jsonContent(ApiErrorSchema, "No pipeline with this id.") };

const listRules = secureRoute(requires(RULE.read), {
  method: "get", path: `${BASE}/rule`, tags: TAGS, summary: "Every pipeline rule, by title; `errors` lists what no longer parses",
  responses: { 200: jsonContent(z.array(RuleSourceSchema), "The rules.") },
});
const createRule = secureRoute(requires(RULE.create), {
  method: "post", path: `${BASE}/rule`, tags: TAGS, summary: "Store a rule; its title is the name in its source, which must parse",
  request: { body: jsonBody(RuleBodySchema) },
  responses: { 200: jsonContent(RuleSourceSchema, "The stored rule."), ...parseErrors },
});
const parseRuleRoute = secureRoute(requires(RULE.read), {
  method: "post", path: `${BASE}/rule/parse`, tags: TAGS, summary: "Parse rule source without storing it: 400 with each error at its line and position",
  request: { body: jsonBody(RuleBodySchema) },
  responses: { 200: jsonContent(RuleSourceSchema, "The source parses."), ...parseErrors },
});
const functions = secureRoute(requires(RULE.read), {
  method: "get", path: `${BASE}/rule/functions`, tags: TAGS, summary: "The functions rules may call, with their parameters",
  responses: { 200: jsonContent(z.array(FunctionDescriptorSchema), "The functions by name.") },
});
const ruleCounters = secureRoute(requires(RULE.read), {
  method: "get", path: `${BASE}/rule/counters`, tags: TAGS,
  summary: "Each rule's counters since the server started: evaluated, matched, executed, failed with a runtime error, and the last error",
  responses: { 200: jsonContent(z.array(RuleCounterEntrySchema), "The counters, by rule title.") },
});
const getRule = secureRoute(requires(RULE.read), {
  method: "get", path: `${BASE}/rule/{id}`, tags: TAGS, summary: "A rule", request: { params: Id },
  responses: { 200: jsonContent(RuleSourceSchema, "The rule."), ...missingRule },
});
const updateRule = secureRoute(requires(RULE.edit), {
  method: "put", path: `${BASE}/rule/{id}`, tags: TAGS, summary: "Change a rule; its source must parse",
  request: { params: Id, body: jsonBody(RuleBodySchema) },
  responses: { 200: jsonContent(RuleSourceSchema, "The stored rule."), ...parseErrors, ...missingRule },
});
const deleteRule = secureRoute(requires(RULE.delete), {
  method: "delete", path: `${BASE}/rule/{id}`, tags: TAGS, summary: "Delete a rule (pipelines naming it skip it)", request: { params: Id },
  responses: { ...NoContent, ...missingRule },
});

const listPipelines = secureRoute(requires(PIPELINE.read), {
  method: "get", path: `${BASE}/pipeline`, tags: TAGS, summary: "Every pipeline, by title, with its stages",
  responses: { 200: jsonContent(z.array(PipelineSourceSchema), "The pipelines.") },
});
const createPipeline = secureRoute(requires(PIPELINE.create), {
  method: "post", path: `${BASE}/pipeline`, tags: TAGS, summary: "Store a pipeline; its title and stages come from its source, which must parse",
  request: { body: jsonBody(PipelineBodySchema) },
  responses: { 200: jsonContent(PipelineSourceSchema, "The stored pipeline."), ...parseErrors },
});
const parsePipelineRoute = secureRoute(requires(PIPELINE.read), {
  method: "post", path: `${BASE}/pipeline/parse`, tags: TAGS, summary: "Parse pipeline source without storing it",
  request: { body: jsonBody(PipelineBodySchema) },
  responses: { 200: jsonContent(PipelineSourceSchema, "The source parses."), ...parseErrors },
});
const getPipeline = secureRoute(requires(PIPELINE.read), {
  method: "get", path: `${BASE}/pipeline/{id}`, tags: TAGS, summary: "A pipeline", request: { params: Id },
  responses: { 200: jsonContent(PipelineSourceSchema, "The pipeline."), ...missingPipeline },
});
const updatePipeline = secureRoute(requires(PIPELINE.edit), {
  method: "put", path: `${BASE}/pipeline/{id}`, tags: TAGS, summary: "Change a pipeline; its source must parse",
  request: { params: Id, body: jsonBody(PipelineBodySchema) },
  responses: { 200: jsonContent(PipelineSourceSchema, "The stored pipeline."), ...parseErrors, ...missingPipeline },
});
const deletePipeline = secureRoute(requires(PIPELINE.delete), {
  method: "delete", path: `${BASE}/pipeline/{id}`, tags: TAGS, summary: "Delete a pipeline and its stream connections", request: { params: Id },
  responses: { ...NoContent, ...missingPipeline },
});

const listConnections = secureRoute(requires(CONNECTION.read), {
  method: "get", path: `${BASE}/connections`, tags: TAGS, summary: "Every stream's connected pipelines",
  responses: { 200: jsonContent(z.array(PipelineConnectionsSchema), "The connections.") },
});
const streamConnections = secureRoute(requires(CONNECTION.read), {
  method: "get", path: `${BASE}/connections/{streamId}`, tags: TAGS, summary: "The pipelines connected to a stream", request: { params: StreamId },
  responses: { 200: jsonContent(PipelineConnectionsSchema, "The stream's connections."), 404: jsonContent(ApiErrorSchema, "No pipeline is connected to this stream.") },
});
const connectStream = secureRoute(requires(CONNECTION.edit), {
  method: "post", path: `${BASE}/connections/to_stream`, tags: TAGS, summary: "Set the pipelines connected to a stream",
  request: { body: jsonBody(ConnectStreamSchema) },
  responses: { 200: jsonContent(PipelineConnectionsSchema, "The stream's connections.") },
});
const connectPipeline = secureRoute(requires(CONNECTION.edit), {
  method: "post", path: `${BASE}/connections/to_pipeline`, tags: TAGS, summary: "Set the streams a pipeline is connected to",
  request: { body: jsonBody(ConnectPipelineSchema) },
  responses: { 200: jsonContent(z.array(PipelineConnectionsSchema), "The connections of those streams.") },
});
const simulate = secureRoute(requires(PIPELINE.read), {
  method: "post", path: `${BASE}/simulate`, tags: TAGS,
  summary: "Run a message through the pipelines connected to a stream without storing it: the resulting messages and each step",
  request: { body: jsonBody(SimulationRequestSchema) },
  responses: { 200: jsonContent(SimulationResponseSchema, "The messages after processing (none when dropped) and the trace.") },
});

/** System → Pipelines: rules, pipelines, stream connections and the simulator (Graylog 5.1 `/system/pipelines`). */
export function pipelinesApi() {
  return createApiRouter()
    .openapi(listRules, async (c) => c.json(await c.get("backend").pipelines.rules(), 200))
    .openapi(createRule, (c) => answer(c, () => c.get("backend").pipelines.createRule(c.req.valid("json"))))
    .openapi(parseRuleRoute, (c) => answer(c, () => c.get("backend").pipelines.parseRule(c.req.valid("json"))))
    .openapi(functions, (c) => c.json(c.get("backend").pipelines.functions(), 200))
    .openapi(ruleCounters, async (c) => c.json(await c.get("backend").pipelines.counterList(), 200))
    .openapi(getRule, async (c) => c.json(found(await c.get("backend").pipelines.rule(c.req.valid("param").id), "rule"), 200))
    .openapi(updateRule, (c) => answer(c, async () => found(await c.get("backend").pipelines.updateRule(c.req.valid("param").id, c.req.valid("json")), "rule")))
    .openapi(deleteRule, async (c) => {
      if (!(await c.get("backend").pipelines.deleteRule(c.req.valid("param").id))) throw notFound(`Couldn't find rule ${c.req.valid("param").id}`);
      return c.body(null, 204);
    })
    .openapi(listPipelines, async (c) => c.json(await c.get("backend").pipelines.pipelines(), 200))
    .openapi(createPipeline, (c) => answer(c, () => c.get("backend").pipelines.createPipeline(c.req.valid("json"))))
    .openapi(parsePipelineRoute, (c) => answer(c, () => c.get("backend").pipelines.parsePipeline(c.req.valid("json"))))
    .openapi(getPipeline, async (c) => c.json(found(await c.get("backend").pipelines.pipeline(c.req.valid("param").id), "pipeline"), 200))
    .openapi(updatePipeline, (c) => answer(c, async () => found(await c.get("backend").pipelines.updatePipeline(c.req.valid("param").id, c.req.valid("json")), "pipeline")))
    .openapi(deletePipeline, async (c) => {
      if (!(await c.get("backend").pipelines.deletePipeline(c.req.valid("param").id))) throw notFound(`Couldn't find pipeline ${c.req.valid("param").id}`);
      return c.body(null, 204);
    })
    .openapi(listConnections, async (c) => c.json(await c.get("backend").pipelines.connections(), 200))
    .openapi(streamConnections, async (c) => {
      const { streamId } = c.req.valid("param");
      const connection = (await c.get("backend").pipelines.connections()).find((entry) => entry.stream_id === streamId);
      if (!connection) throw notFound(`No pipeline is connected to stream ${streamId}`);
      return c.json(connection, 200);
    })
    .openapi(connectStream, async (c) => c.json(await refusals(c.get("backend").pipelines.connectStream(c.req.valid("json"))), 200))
    .openapi(connectPipeline, async (c) => c.json(await refusals(c.get("backend").pipelines.connectPipeline(c.req.valid("json"))), 200))
    .openapi(simulate, async (c) => c.json(await refusals(c.get("backend").pipelines.simulate(c.req.valid("json"))), 200));
}

function found<T>(entity: T | null, what: "rule" | "pipeline"): T {
  if (entity === null) throw notFound(`Couldn't find ${what}`);
  return entity;
}

/** 200 with the entity, or 400 with every parse error at its position (the editor marks them). */
async function answer<T>(c: Context, work: () => Promise<T>) {
  try {
    return c.json(await refusals(work()), 200);
  } catch (error) {
    if (error instanceof RuleSourceError) return c.json({ type: "ApiError" as const, message: error.message, errors: error.errors }, 400);
    throw error;
  }
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusals<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    if (error instanceof ApiError) throw error;
    throw error;
  }
}
