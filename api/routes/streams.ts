import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { StreamsListSchema, StreamTestMatchRequestSchema, StreamTestMatchResponseSchema } from "../schemas/streams.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { searchScope } from "../search-scope.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const listStreams = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams",
  tags: ["Streams"],
  summary: "The streams the caller may read (read-only list for the search page)",
  responses: { 200: jsonContent(StreamsListSchema, "Streams with id, title, description and flags.") },
});

const testMatch = secureRoute(requires("streams:read:{streamId}"), {
  method: "post",
  path: "/streams/{streamId}/testMatch",
  tags: ["Streams"],
  summary: "Test whether a message matches a stream's rules (message details' 'Test against stream')",
  request: {
    params: z.object({ streamId: z.string().min(1) }),
    body: jsonBody(StreamTestMatchRequestSchema),
  },
  responses: {
    200: jsonContent(StreamTestMatchResponseSchema, "Whether the stream matches, and each rule's verdict by rule id."),
    404: jsonContent(ApiErrorSchema, "No such stream."),
  },
});

/** Streams: the list the search page's streams selector offers, and the stream rule tester. */
export function streamsApi() {
  return createApiRouter()
    .openapi(listStreams, async (c) => {
      const scope = await searchScope(c);
      const all = await c.get("backend").search.streams();
      const readable = scope.readableStreams === null ? all : all.filter((stream) => scope.readableStreams!.includes(stream.id));
      const streams = readable.map(({ id, title, description, is_default, disabled }) => ({
        id,
        title,
        description: description ?? "",
        is_default: !!is_default,
        disabled: !!disabled,
      }));
      return c.json({ total: streams.length, streams }, 200);
    })
    .openapi(testMatch, async (c) => {
      const { streamId } = c.req.valid("param");
      const { message } = c.req.valid("json");
      const result = await c.get("backend").streamMatch.testMatch(streamId, message);
      if (!result) throw notFound(`Stream <${streamId}> not found.`);
      return c.json(result, 200);
    });
}
