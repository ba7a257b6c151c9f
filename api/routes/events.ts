import { AUTHENTICATED } from "../access.ts";
import { badRequest } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  EventsSearchRequestError,
  EventsSearchRequestSchema,
  EventsSearchResultSchema,
} from "../schemas/events.ts";
import { searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

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

/** The events search (Alerts & Events); definitions are in event-definitions.ts, notifications in event-notifications.ts. */
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
    });
}
