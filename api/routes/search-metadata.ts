import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { notFound } from "../errors.ts";
import { readableSearch } from "../readable-search.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { SearchSchema } from "../schemas/search.ts";
import { SearchMetadataSchema } from "../schemas/search-metadata.ts";
import { searchMetadata } from "../search-metadata.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const metadataOfBody = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/metadata",
  tags: ["Search"],
  summary: "The parameters a search uses and declares, without storing it",
  request: { body: jsonBody(SearchSchema) },
  responses: { 200: jsonContent(SearchMetadataSchema, "Used parameter names per query and the declared parameters.") },
});

const metadataOfStored = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/search/metadata/{id}",
  tags: ["Search"],
  summary: "The parameters a stored search uses and declares",
  request: { params: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId") }) },
  responses: {
    200: jsonContent(SearchMetadataSchema, "Used parameter names per query and the declared parameters."),
    404: jsonContent(ApiErrorSchema, "No such search, or not one the caller may read."),
  },
});

/** Search metadata (spec 001 §7): `query_metadata` with the used parameters, `declared_parameters`. */
export function searchMetadataApi() {
  return createApiRouter()
    .openapi(metadataOfBody, (c) => c.json(searchMetadata(c.req.valid("json")), 200))
    .openapi(metadataOfStored, async (c) => {
      const { id } = c.req.valid("param");
      const search = await readableSearch(c, id);
      if (!search) throw notFound(`No search with id ${id}.`);
      return c.json(searchMetadata(search), 200);
    });
}
