import { AUTHENTICATED } from "../access.ts";
import { createApiRouter } from "../router.ts";
import { StreamsListSchema } from "../schemas/streams.ts";
import { searchScope } from "../search-scope.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const listStreams = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/streams",
  tags: ["Streams"],
  summary: "The streams the caller may read (read-only list for the search page)",
  responses: { 200: jsonContent(StreamsListSchema, "Streams with id, title, description and flags.") },
});

/** Streams, read-only: the list the search page's streams selector offers. */
export function streamsApi() {
  return createApiRouter().openapi(listStreams, async (c) => {
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
  });
}
