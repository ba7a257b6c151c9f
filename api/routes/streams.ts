import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isPermitted } from "../../shared/permissions.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { ApiError, badRequest, forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, EntityValidationError, pageQuerySchema } from "../schemas/paginated.ts";
import {
  AssignStreamsToIndexSetSchema,
  BulkOperationRequestSchema,
  type BulkOperationResponse,
  BulkOperationResponseSchema,
  CloneStreamRequestSchema,
  CreateStreamRequestSchema,
  type Stream,
  STREAM_RULE_TYPE_INFO,
  STREAM_RULE_TYPES,
  STREAM_SORT_FIELDS,
  StreamCreatedSchema,
  StreamPageSchema,
  StreamRuleBodySchema,
  StreamRuleCreatedSchema,
  StreamRuleListSchema,
  StreamRuleSchema,
  StreamRuleTypeInfoSchema,
  StreamSchema,
  StreamsListSchema,
  StreamTestMatchRequestSchema,
  StreamTestMatchResponseSchema,
  UpdateStreamRequestSchema,
} from "../schemas/streams.ts";
import { searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { grantOwnership } from "../shareable-entities.ts";
import { pagedList } from "./paged-list.ts";

/** Graylog's stream permissions; `{streamId}` is the path parameter. */
const CREATE = "streams:create";
const READ = "streams:read:{streamId}";
const EDIT = "streams:edit:{streamId}";
const CHANGE_STATE = "streams:changestate:{streamId}";

const TAGS = ["Streams"];
const StreamId = z.object({ streamId: z.string().min(1, "streamId must not be empty").max(100, "streamId must be at most 100 characters") });
const RuleId = StreamId.extend({ ruleId: z.string().min(1, "ruleId must not be empty").max(100, "ruleId must be at most 100 characters") });
const noSuchStream = { 404: jsonContent(ApiErrorSchema, "No stream with this id.") };
const refused = { 400: jsonContent(ApiErrorSchema, "A bad body, an unknown index set, or the default stream (it cannot be edited, paused or deleted).") };
const PageQuery = pageQuerySchema({ sortFields: STREAM_SORT_FIELDS, defaultSort: "title" });

/** The columns of the streams list, as the paginated answer describes them. */
const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
  { id: "index_set_id", title: "Index Set", type: "STRING", sortable: false, searchable: false },
  { id: "rules", title: "Rules", type: "STRING", sortable: false, searchable: false },
  { id: "created_at", title: "Created", type: "DATE", sortable: true, searchable: false },
  { id: "disabled", title: "Status", type: "BOOLEAN", sortable: true, searchable: false },
];

const listStreams = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams",
  tags: TAGS,
  summary: "Every stream the caller may read, the default stream first",
  responses: { 200: jsonContent(StreamsListSchema, "The streams with their rules.") },
});

const enabledStreams = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams/enabled",
  tags: TAGS,
  summary: "The running (not paused) streams the caller may read",
  responses: { 200: jsonContent(StreamsListSchema, "The running streams with their rules.") },
});

const pageStreams = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams/paginated",
  tags: TAGS,
  summary: "One page of the streams the caller may read; `query` searches titles and descriptions",
  request: { query: PageQuery },
  responses: { 200: jsonContent(StreamPageSchema, "One page of streams under `elements`.") },
});

const getStream = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}",
  tags: TAGS,
  summary: "A stream by id",
  request: { params: StreamId },
  responses: { 200: jsonContent(StreamSchema, "The stream."), ...noSuchStream },
});

const createStream = secureRoute(requires(CREATE), {
  method: "post",
  path: "/streams",
  tags: TAGS,
  summary: "Create a stream, with rules; it starts paused (resume it to route messages)",
  request: { body: jsonBody(CreateStreamRequestSchema) },
  responses: { 201: jsonContent(StreamCreatedSchema, "The new stream's id."), ...refused },
});

const updateStream = secureRoute(requires(EDIT), {
  method: "put",
  path: "/streams/{streamId}",
  tags: TAGS,
  summary: "Change a stream's title, description, matching type, index set or 'remove matches from the default stream'",
  request: { params: StreamId, body: jsonBody(UpdateStreamRequestSchema) },
  responses: { 200: jsonContent(StreamSchema, "The stream as stored."), ...refused, ...noSuchStream },
});

const deleteStream = secureRoute(requires(EDIT), {
  method: "delete",
  path: "/streams/{streamId}",
  tags: TAGS,
  summary: "Delete a stream and its rules (its messages stay)",
  request: { params: StreamId },
  responses: { ...NoContent, ...refused, ...noSuchStream },
});

const cloneStream = secureRoute(requires(CREATE, READ), {
  method: "post",
  path: "/streams/{streamId}/clone",
  tags: TAGS,
  summary: "Copy a stream with its rules under a new title; the copy starts paused",
  request: { params: StreamId, body: jsonBody(CloneStreamRequestSchema) },
  responses: { 201: jsonContent(StreamCreatedSchema, "The copy's id."), ...refused, ...noSuchStream },
});

const pauseStream = secureRoute(requires(CHANGE_STATE), {
  method: "post",
  path: "/streams/{streamId}/pause",
  tags: TAGS,
  summary: "Pause a stream: it routes no message until resumed",
  request: { params: StreamId },
  responses: { ...NoContent, ...refused, ...noSuchStream },
});

const resumeStream = secureRoute(requires(CHANGE_STATE), {
  method: "post",
  path: "/streams/{streamId}/resume",
  tags: TAGS,
  summary: "Resume a paused stream",
  request: { params: StreamId },
  responses: { ...NoContent, ...noSuchStream },
});

const bulkRequest = { body: jsonBody(BulkOperationRequestSchema) };
const bulkAnswer = { 200: jsonContent(BulkOperationResponseSchema, "How many succeeded; each failure with its reason.") };

const bulkDelete = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/streams/bulk_delete",
  tags: TAGS,
  summary: "Delete several streams; each needs streams:edit",
  request: bulkRequest,
  responses: bulkAnswer,
});

const bulkPause = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/streams/bulk_pause",
  tags: TAGS,
  summary: "Pause several streams; each needs streams:changestate",
  request: bulkRequest,
  responses: bulkAnswer,
});

const bulkResume = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/streams/bulk_resume",
  tags: TAGS,
  summary: "Resume several streams; each needs streams:changestate",
  request: bulkRequest,
  responses: bulkAnswer,
});

const testMatch = secureRoute(requires(READ), {
  method: "post",
  path: "/streams/{streamId}/testMatch",
  tags: TAGS,
  summary: "Test whether a message matches a stream's rules (message details' 'Test against stream')",
  request: {
    params: StreamId,
    body: jsonBody(StreamTestMatchRequestSchema),
  },
  responses: {
    200: jsonContent(StreamTestMatchResponseSchema, "Whether the stream matches, and each rule's verdict by rule id."),
    ...noSuchStream,
  },
});

const listRules = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}/rules",
  tags: TAGS,
  summary: "A stream's rules",
  request: { params: StreamId },
  responses: { 200: jsonContent(StreamRuleListSchema, "The rules."), ...noSuchStream },
});

const getRule = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}/rules/{ruleId}",
  tags: TAGS,
  summary: "One rule of a stream",
  request: { params: RuleId },
  responses: { 200: jsonContent(StreamRuleSchema, "The rule."), 404: jsonContent(ApiErrorSchema, "No such stream or rule.") },
});

const createRule = secureRoute(requires(EDIT), {
  method: "post",
  path: "/streams/{streamId}/rules",
  tags: TAGS,
  summary: "Add a rule to a stream; messages ingested from now on are routed by it",
  request: { params: StreamId, body: jsonBody(StreamRuleBodySchema) },
  responses: { 201: jsonContent(StreamRuleCreatedSchema, "The new rule's id."), ...refused, ...noSuchStream },
});

const updateRule = secureRoute(requires(EDIT), {
  method: "put",
  path: "/streams/{streamId}/rules/{ruleId}",
  tags: TAGS,
  summary: "Change a rule of a stream",
  request: { params: RuleId, body: jsonBody(StreamRuleBodySchema) },
  responses: { 200: jsonContent(StreamRuleCreatedSchema, "The rule's id."), ...refused, 404: jsonContent(ApiErrorSchema, "No such stream or rule.") },
});

const deleteRule = secureRoute(requires(EDIT), {
  method: "delete",
  path: "/streams/{streamId}/rules/{ruleId}",
  tags: TAGS,
  summary: "Remove a rule from a stream",
  request: { params: RuleId },
  responses: { ...NoContent, ...refused, 404: jsonContent(ApiErrorSchema, "No such stream or rule.") },
});

const ruleTypes = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams/{streamId}/rules/types",
  tags: TAGS,
  summary: "The stream rule types with their numbers and descriptions (any stream id, as in Graylog, whose UI sends `null`)",
  request: { params: StreamId },
  responses: { 200: jsonContent(z.array(StreamRuleTypeInfoSchema), "Every rule type.") },
});

const assignToIndexSet = secureRoute(requires("indexsets:read:{indexSetId}"), {
  method: "put",
  path: "/streams/indexSet/{indexSetId}",
  tags: TAGS,
  summary: "Store several streams in an index set (each needs streams:edit); messages routed from now on go there",
  request: {
    params: z.object({ indexSetId: z.string().min(1, "indexSetId must not be empty").max(100, "indexSetId must be at most 100 characters") }),
    body: jsonBody(AssignStreamsToIndexSetSchema),
  },
  responses: {
    200: { description: "The streams now store in the index set." },
    403: jsonContent(ApiErrorSchema, "Missing indexsets:read on the index set or streams:edit on a stream."),
    404: jsonContent(ApiErrorSchema, "No such index set, or streams that do not exist (named in the message)."),
    ...refused,
  },
});

/** Streams (Graylog 5.1 `/streams` and `/streams/{streamid}/rules`), and the stream rule tester. */
export function streamsApi() {
  return createApiRouter()
    .openapi(listStreams, async (c) => {
      const streams = await readableStreams(c);
      return c.json({ total: streams.length, streams }, 200);
    })
    .openapi(enabledStreams, async (c) => {
      const streams = (await readableStreams(c)).filter((stream) => !stream.disabled);
      return c.json({ total: streams.length, streams }, 200);
    })
    .openapi(pageStreams, async (c) => {
      const readable = (await searchScope(c)).readableStreams;
      const answer = await pagedList(c.req.valid("query"), "elements", ATTRIBUTES, (request) => c.get("backend").streams.page(request, readable));
      return c.json(answer, 200);
    })
    .openapi(getStream, async (c) => {
      const { streamId } = c.req.valid("param");
      return c.json(await existing(c.get("backend").streams.get(streamId), streamId), 200);
    })
    .openapi(createStream, async (c) => {
      const created = await refusalsAreBadRequests(c.get("backend").streams.create(c.req.valid("json"), c.get("user")!.username));
      await grantOwnership(c.get("backend"), c.get("user")!, "stream", created.id);
      return c.json({ stream_id: created.id }, 201);
    })
    .openapi(updateStream, async (c) => {
      const { streamId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(c.get("backend").streams.update(streamId, c.req.valid("json")));
      return c.json(await existing(Promise.resolve(updated), streamId), 200);
    })
    .openapi(deleteStream, async (c) => {
      const { streamId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(c.get("backend").streams.delete(streamId)))) throw noSuchStreamError(streamId);
      return c.body(null, 204);
    })
    .openapi(cloneStream, async (c) => {
      const { streamId } = c.req.valid("param");
      const clone = c.get("backend").streams.clone(streamId, c.req.valid("json"), c.get("user")!.username);
      const created = await existing(refusalsAreBadRequests(clone), streamId);
      await grantOwnership(c.get("backend"), c.get("user")!, "stream", created.id);
      return c.json({ stream_id: created.id }, 201);
    })
    .openapi(pauseStream, async (c) => {
      const { streamId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(c.get("backend").streams.setDisabled(streamId, true)))) throw noSuchStreamError(streamId);
      return c.body(null, 204);
    })
    .openapi(resumeStream, async (c) => {
      const { streamId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(c.get("backend").streams.setDisabled(streamId, false)))) throw noSuchStreamError(streamId);
      return c.body(null, 204);
    })
    .openapi(bulkDelete, async (c) => {
      const streams = c.get("backend").streams;
      return c.json(await bulk(c, c.req.valid("json").entity_ids, "streams:edit", (id) => streams.delete(id)), 200);
    })
    .openapi(bulkPause, async (c) => {
      const streams = c.get("backend").streams;
      return c.json(await bulk(c, c.req.valid("json").entity_ids, "streams:changestate", (id) => streams.setDisabled(id, true)), 200);
    })
    .openapi(bulkResume, async (c) => {
      const streams = c.get("backend").streams;
      return c.json(await bulk(c, c.req.valid("json").entity_ids, "streams:changestate", (id) => streams.setDisabled(id, false)), 200);
    })
    .openapi(testMatch, async (c) => {
      const { streamId } = c.req.valid("param");
      const { message } = c.req.valid("json");
      const result = await c.get("backend").streamMatch.testMatch(streamId, message);
      if (!result) throw noSuchStreamError(streamId);
      return c.json(result, 200);
    })
    .openapi(ruleTypes, (c) => {
      const types = (Object.keys(STREAM_RULE_TYPES) as (keyof typeof STREAM_RULE_TYPES)[])
        .map((type) => ({ id: STREAM_RULE_TYPES[type], ...STREAM_RULE_TYPE_INFO[type] }));
      return c.json(types, 200);
    })
    .openapi(assignToIndexSet, async (c) => {
      const { indexSetId } = c.req.valid("param");
      const streamIds = c.req.valid("json");
      const denied = streamIds.find((id) => !isPermitted(c.get("user")!.permissions, `streams:edit:${id}`));
      if (denied) throw forbidden(`Not authorized to edit stream <${denied}>.`);
      const result = await refusalsAreBadRequests(c.get("backend").streams.assignToIndexSet(indexSetId, streamIds));
      if (result === null) throw notFound(`Index set <${indexSetId}> not found.`);
      if (result.missing.length > 0) throw notFound(`Missing streams: [${result.missing.join(", ")}]`);
      return c.body(null, 200);
    })
    .openapi(listRules, async (c) => {
      const { streamId } = c.req.valid("param");
      const { rules } = await existing(c.get("backend").streams.get(streamId), streamId);
      return c.json({ total: rules.length, stream_rules: rules }, 200);
    })
    .openapi(getRule, async (c) => {
      const { streamId, ruleId } = c.req.valid("param");
      const { rules } = await existing(c.get("backend").streams.get(streamId), streamId);
      const rule = rules.find((candidate) => candidate.id === ruleId);
      if (!rule) throw noSuchRuleError(ruleId);
      return c.json(rule, 200);
    })
    .openapi(createRule, async (c) => {
      const { streamId } = c.req.valid("param");
      const rule = await refusalsAreBadRequests(c.get("backend").streams.createRule(streamId, c.req.valid("json")));
      if (!rule) throw noSuchStreamError(streamId);
      return c.json({ streamrule_id: rule.id }, 201);
    })
    .openapi(updateRule, async (c) => {
      const { streamId, ruleId } = c.req.valid("param");
      const rule = await refusalsAreBadRequests(c.get("backend").streams.updateRule(streamId, ruleId, c.req.valid("json")));
      if (!rule) throw noSuchRuleError(ruleId);
      return c.json({ streamrule_id: rule.id }, 200);
    })
    .openapi(deleteRule, async (c) => {
      const { streamId, ruleId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(c.get("backend").streams.deleteRule(streamId, ruleId)))) throw noSuchRuleError(ruleId);
      return c.body(null, 204);
    });
}

/** The streams the caller may read. */
async function readableStreams(c: Context): Promise<Stream[]> {
  const scope = await searchScope(c);
  const all = await c.get("backend").streams.all();
  return scope.readableStreams === null ? all : all.filter((stream) => scope.readableStreams!.includes(stream.id));
}

/**
 * Graylog's bulk calls: each stream is checked and changed on its own; what fails (no permission, no such stream,
 * the default stream) is listed with its reason and the others go on.
 */
async function bulk(
  c: Context,
  ids: readonly string[],
  permission: string,
  perform: (id: string) => Promise<boolean>,
): Promise<BulkOperationResponse> {
  const answer: BulkOperationResponse = { successfully_performed: 0, failures: [], errors: [] };
  for (const id of new Set(ids)) {
    const explanation = await bulkFailure(c, id, permission, perform);
    if (explanation === null) answer.successfully_performed++;
    else answer.failures.push({ entity_id: id, failure_explanation: explanation });
  }
  return answer;
}

async function bulkFailure(c: Context, id: string, permission: string, perform: (id: string) => Promise<boolean>): Promise<string | null> {
  if (!isPermitted(c.get("user")!.permissions, `${permission}:${id}`)) return "Not enough permissions";
  try {
    return (await perform(id)) ? null : `Stream <${id}> not found.`;
  } catch (error) {
    if (error instanceof EntityValidationError) return error.message;
    throw error;
  }
}

async function existing<T>(work: Promise<T | null>, streamId: string): Promise<T> {
  const found = await work;
  if (found === null) throw noSuchStreamError(streamId);
  return found;
}

function noSuchStreamError(id: string): ApiError {
  return notFound(`Stream <${id}> not found.`);
}

function noSuchRuleError(id: string): ApiError {
  return notFound(`Stream rule <${id}> not found.`);
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
