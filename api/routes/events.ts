import { z } from "@hono/zod-openapi";
import { isPermitted } from "../../shared/permissions.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  EventDefinitionListSchema,
  EventDefinitionSchema,
  EventsSearchRequestError,
  EventsSearchRequestSchema,
  EventsSearchResultSchema,
} from "../schemas/events.ts";
import { searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

/** Graylog's per-definition read permission. */
const definitionReadPermission = (id: string) => `eventdefinitions:read:${id}`;

const searchEvents = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/events/search",
  tags: ["Events"],
  summary:
    "Search events (Alerts & Events): by time range, query on the event message, alert filter and definitions",
  request: { body: jsonBody(EventsSearchRequestSchema) },
  responses: {
    200: jsonContent(
      EventsSearchResultSchema,
      "One page of events, newest first by default, of streams the caller may read.",
    ),
  },
});

const listDefinitions = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/events/definitions",
  tags: ["Events"],
  summary: "The event definitions the caller may read (read-only in Sluice for now)",
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1, "page must be a positive integer").default(1),
      per_page: z.coerce.number().int().min(1, "per_page must be a positive integer").max(1000).default(50),
      query: z.string().max(1000).default(""),
    }),
  },
  responses: { 200: jsonContent(EventDefinitionListSchema, "One page of event definitions by title.") },
});

const getDefinition = secureRoute(requires("eventdefinitions:read:{id}"), {
  method: "get",
  path: "/events/definitions/{id}",
  tags: ["Events"],
  summary: "One event definition",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent(EventDefinitionSchema, "The event definition."),
    404: jsonContent(ApiErrorSchema, "No such event definition."),
  },
});

/** Events and event definitions (spec 002 §7 "Events"): the events search and read-only definitions. */
export function eventsApi() {
  return createApiRouter()
    .openapi(searchEvents, async (c) => {
      const request = c.req.valid("json");
      try {
        return c.json(await c.get("backend").events.search(request, await searchScope(c)), 200);
      } catch (error) {
        if (error instanceof EventsSearchRequestError) throw badRequest(error.message);
        throw error;
      }
    })
    .openapi(listDefinitions, async (c) => {
      const { page, per_page, query } = c.req.valid("query");
      const permissions = c.get("user")!.permissions;
      const needle = query.trim().toLowerCase();
      const readable = (await c.get("backend").events.definitions()).filter((definition) =>
        isPermitted(permissions, definitionReadPermission(definition.id)) &&
        (needle === "" || definition.title.toLowerCase().includes(needle) ||
          definition.description.toLowerCase().includes(needle))
      );
      const shown = readable.slice((page - 1) * per_page, page * per_page);
      return c.json({
        query,
        pagination: { total: readable.length, count: shown.length, page, per_page },
        total: readable.length,
        count: shown.length,
        page,
        per_page,
        event_definitions: shown,
        // Definitions are evaluated over the stored messages at start-up, not by a running scheduler.
        context: {
          scheduler: Object.fromEntries(shown.map((definition) => [definition.id, { is_scheduled: false }])),
        },
      }, 200);
    })
    .openapi(getDefinition, async (c) => {
      const { id } = c.req.valid("param");
      const definition = await c.get("backend").events.definition(id);
      if (!definition) throw notFound(`Event definition <${id}> not found.`);
      return c.json(definition, 200);
    });
}
