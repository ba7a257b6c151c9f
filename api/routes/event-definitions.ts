import { z } from "@hono/zod-openapi";
import { isPermitted } from "../../shared/permissions.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { BulkOperationRequestSchema, type BulkOperationResponse, BulkOperationResponseSchema } from "../schemas/streams.ts";
import {
  EVENT_DEFINITION_SORT_FIELDS,
  EventDefinitionBodySchema,
  EventDefinitionPageSchema,
  ExecuteDefinitionBodySchema,
  ScheduleQuerySchema,
} from "../schemas/event-definitions.ts";
import { EventDefinitionListSchema, EventDefinitionSchema } from "../schemas/events.ts";
import {
  type EntityAttribute,
  EntityValidationError,
  pageQuerySchema,
  paginatedAnswer,
  toPageRequest,
} from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { grantOwnership } from "../shareable-entities.ts";

/** Graylog's event definition permissions (per definition for read, edit and delete). */
const READ = "eventdefinitions:read";
const CREATE = "eventdefinitions:create";
const EDIT = "eventdefinitions:edit";
const DELETE = "eventdefinitions:delete";

const TAGS = ["Events/Definitions"];
const DefinitionId = z.object({ definitionId: z.string().min(1).max(100) });
const noSuchDefinition = { 404: jsonContent(ApiErrorSchema, "No event definition with this id.") };
const PageQuery = pageQuerySchema({ sortFields: EVENT_DEFINITION_SORT_FIELDS, defaultSort: "title" });

const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
  { id: "priority", title: "Priority", type: "STRING", sortable: true, searchable: false },
  { id: "status", title: "Status", type: "STRING", sortable: false, searchable: false },
  { id: "alert", title: "Alert", type: "BOOLEAN", sortable: true, searchable: false },
];

const listDefinitions = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/events/definitions",
  tags: TAGS,
  summary: "One page of the event definitions the caller may read, by title; `query` searches title and description",
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1, "page must be a positive integer").default(1),
      per_page: z.coerce.number().int().min(1, "per_page must be a positive integer").max(1000).default(50),
      query: z.string().max(1000).default(""),
    }),
  },
  responses: { 200: jsonContent(EventDefinitionListSchema, "One page of event definitions by title.") },
});

const pageDefinitions = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/events/definitions/paginated",
  tags: TAGS,
  summary: "The entity-table list of event definitions with their state (ENABLED while scheduled)",
  request: { query: PageQuery },
  responses: { 200: jsonContent(EventDefinitionPageSchema, "One page of event definitions.") },
});

const getDefinition = secureRoute(requires(`${READ}:{definitionId}`), {
  method: "get",
  path: "/events/definitions/{definitionId}",
  tags: TAGS,
  summary: "One event definition",
  request: { params: DefinitionId },
  responses: { 200: jsonContent(EventDefinitionSchema, "The event definition."), ...noSuchDefinition },
});

const createDefinition = secureRoute(requires(CREATE), {
  method: "post",
  path: "/events/definitions",
  tags: TAGS,
  summary: "Create an event definition; `schedule=true` (the default) starts evaluating it from the next window",
  request: { query: ScheduleQuerySchema, body: jsonBody(EventDefinitionBodySchema) },
  responses: { 200: jsonContent(EventDefinitionSchema, "The stored definition with its id.") },
});

const updateDefinition = secureRoute(requires(`${EDIT}:{definitionId}`), {
  method: "put",
  path: "/events/definitions/{definitionId}",
  tags: TAGS,
  summary: "Change an event definition; `schedule` says whether it runs afterwards",
  request: { params: DefinitionId, query: ScheduleQuerySchema, body: jsonBody(EventDefinitionBodySchema) },
  responses: { 200: jsonContent(EventDefinitionSchema, "The stored definition."), ...noSuchDefinition },
});

const deleteDefinition = secureRoute(requires(`${DELETE}:{definitionId}`), {
  method: "delete",
  path: "/events/definitions/{definitionId}",
  tags: TAGS,
  summary: "Delete an event definition (its events stay in the events index)",
  request: { params: DefinitionId },
  responses: { ...NoContent, ...noSuchDefinition },
});

const scheduleDefinition = (action: "schedule" | "unschedule") =>
  secureRoute(requires(`${EDIT}:{definitionId}`), {
    method: "put",
    path: `/events/definitions/{definitionId}/${action}`,
    tags: TAGS,
    summary: action === "schedule"
      ? "Enable a definition: it is evaluated from the next window on"
      : "Disable a definition: it is no longer evaluated",
    request: { params: DefinitionId },
    responses: { ...NoContent, ...noSuchDefinition },
  });

const bulk = (action: "bulk_delete" | "bulk_schedule" | "bulk_unschedule") =>
  secureRoute(AUTHENTICATED, {
    method: "post",
    path: `/events/definitions/${action}`,
    tags: TAGS,
    summary: `${action.replace("bulk_", "")} several definitions; each one the caller may not change, or that does not exist, is a failure`,
    request: { body: jsonBody(BulkOperationRequestSchema) },
    responses: { 200: jsonContent(BulkOperationResponseSchema, "How many succeeded and why the others failed.") },
  });

const executeDefinition = secureRoute(requires(`${EDIT}:{definitionId}`), {
  method: "post",
  path: "/events/definitions/{definitionId}/execute",
  tags: TAGS,
  summary: "Evaluate a definition now over the windows that end in a past time range (events are written, not notified)",
  request: { params: DefinitionId, body: jsonBody(ExecuteDefinitionBodySchema) },
  responses: { ...NoContent, ...noSuchDefinition },
});

const notFoundError = (id: string) => notFound(`Event definition <${id}> doesn't exist`);

/** A store refusal (a notification that does not exist) is the caller's to fix. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}

/** Alerts → Event Definitions (Graylog 5.1 `/events/definitions`). */
export function eventDefinitionsApi() {
  const router = createApiRouter()
    .openapi(pageDefinitions, async (c) => {
      const request = toPageRequest(c.req.valid("query"));
      const permissions = c.get("user")!.permissions;
      const page = await c.get("backend").eventDefinitions.page(request);
      const readable = { ...page, elements: page.elements.filter((definition) => isPermitted(permissions, `${READ}:${definition.id}`)) };
      return c.json({ ...paginatedAnswer("elements", readable, request, ATTRIBUTES), sort: request.sort, order: request.order }, 200);
    })
    .openapi(listDefinitions, async (c) => {
      const { page, per_page, query } = c.req.valid("query");
      const permissions = c.get("user")!.permissions;
      const needle = query.trim().toLowerCase();
      const readable = (await c.get("backend").events.definitions()).filter((definition) =>
        isPermitted(permissions, `${READ}:${definition.id}`) &&
        (needle === "" || definition.title.toLowerCase().includes(needle) ||
          definition.description.toLowerCase().includes(needle))
      );
      const shown = readable.slice((page - 1) * per_page, page * per_page);
      const scheduled = await c.get("backend").eventDefinitions.scheduledIds();
      return c.json({
        query,
        pagination: { total: readable.length, count: shown.length, page, per_page },
        total: readable.length,
        count: shown.length,
        page,
        per_page,
        event_definitions: shown,
        context: {
          scheduler: Object.fromEntries(shown.map((definition) => [definition.id, { is_scheduled: scheduled.has(definition.id) }])),
        },
      }, 200);
    })
    .openapi(getDefinition, async (c) => {
      const { definitionId } = c.req.valid("param");
      const definition = await c.get("backend").events.definition(definitionId);
      if (!definition) throw notFoundError(definitionId);
      return c.json(definition, 200);
    })
    .openapi(createDefinition, async (c) => {
      const schedule = c.req.valid("query").schedule === "true";
      const created = await refusalsAreBadRequests(c.get("backend").eventDefinitions.create(c.req.valid("json"), schedule));
      await grantOwnership(c.get("backend"), c.get("user")!, "event_definition", created.id);
      return c.json(created, 200);
    })
    .openapi(updateDefinition, async (c) => {
      const { definitionId } = c.req.valid("param");
      const schedule = c.req.valid("query").schedule === "true";
      const updated = await refusalsAreBadRequests(
        c.get("backend").eventDefinitions.update(definitionId, c.req.valid("json"), schedule),
      );
      if (!updated) throw notFoundError(definitionId);
      return c.json(updated, 200);
    })
    .openapi(deleteDefinition, async (c) => {
      const { definitionId } = c.req.valid("param");
      if (!(await c.get("backend").eventDefinitions.delete(definitionId))) throw notFoundError(definitionId);
      return c.body(null, 204);
    })
    .openapi(executeDefinition, async (c) => {
      const { definitionId } = c.req.valid("param");
      const { timerange } = c.req.valid("json");
      const from = Date.parse(timerange.from);
      const to = Date.parse(timerange.to);
      if (to < from) throw badRequest("timerange.to must not be before timerange.from");
      if ((await c.get("backend").eventDefinitions.execute(definitionId, from, to)) === null) throw notFoundError(definitionId);
      return c.body(null, 204);
    });
  for (const action of ["schedule", "unschedule"] as const) {
    router.openapi(scheduleDefinition(action), async (c) => {
      const { definitionId } = c.req.valid("param");
      if (!(await c.get("backend").eventDefinitions.setScheduled(definitionId, action === "schedule"))) {
        throw notFoundError(definitionId);
      }
      return c.body(null, 204);
    });
  }
  const BULK_PERMISSION = { bulk_delete: DELETE, bulk_schedule: EDIT, bulk_unschedule: EDIT } as const;
  for (const action of ["bulk_delete", "bulk_schedule", "bulk_unschedule"] as const) {
    router.openapi(bulk(action), async (c) => {
      const definitions = c.get("backend").eventDefinitions;
      const permissions = c.get("user")!.permissions;
      const answer: BulkOperationResponse = { successfully_performed: 0, failures: [], errors: [] };
      for (const id of c.req.valid("json").entity_ids) {
        if (!isPermitted(permissions, `${BULK_PERMISSION[action]}:${id}`)) {
          answer.failures.push({ entity_id: id, failure_explanation: "Not enough permissions" });
          continue;
        }
        const done = action === "bulk_delete" ? await definitions.delete(id) : await definitions.setScheduled(id, action === "bulk_schedule");
        if (done) answer.successfully_performed++;
        else answer.failures.push({ entity_id: id, failure_explanation: `Event definition <${id}> doesn't exist` });
      }
      return c.json(answer, 200);
    });
  }
  return router;
}
