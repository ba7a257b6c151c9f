import { z } from "@hono/zod-openapi";
import { parseGrn } from "../../shared/grn.ts";
import { AUTHENTICATED } from "../access.ts";
import { badRequest } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { FavoritesListSchema } from "../schemas/favorites.ts";
import { jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const GrnParams = z.object({ grn: z.string().min(1).max(500) });

const listFavorites = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/favorites",
  tags: ["Favorites"],
  summary: "The caller's favorite entities",
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1, "page must be a positive integer").default(1),
      per_page: z.coerce.number().int().min(1).max(1000).default(50),
      type: z.string().max(100).optional(),
    }),
  },
  responses: { 200: jsonContent(FavoritesListSchema, "One page of favorites.") },
});

const addFavorite = secureRoute(AUTHENTICATED, {
  method: "put",
  path: "/favorites/{grn}",
  tags: ["Favorites"],
  summary: "Mark an entity as favorite",
  request: { params: GrnParams },
  responses: NoContent,
});

const removeFavorite = secureRoute(AUTHENTICATED, {
  method: "delete",
  path: "/favorites/{grn}",
  tags: ["Favorites"],
  summary: "Remove an entity from the favorites",
  request: { params: GrnParams },
  responses: NoContent,
});

function validGrn(grn: string): string {
  if (!parseGrn(grn)) throw badRequest(`Invalid path parameter: grn: '${grn}' is not a GRN (grn::::{type}:{id})`);
  return grn;
}

/** Favorites (spec 000 §7.2). */
export function favoritesApi() {
  return createApiRouter()
    .openapi(listFavorites, async (c) => {
      const { page, per_page, type } = c.req.valid("query");
      const { favorites, total } = await c.get("backend").favorites.list(c.get("user")!.username, { page, perPage: per_page, type });
      return c.json({ favorites, total, pagination: { total, count: favorites.length, page, per_page } }, 200);
    })
    .openapi(addFavorite, async (c) => {
      await c.get("backend").favorites.add(c.get("user")!.username, validGrn(c.req.valid("param").grn));
      return c.body(null, 204);
    })
    .openapi(removeFavorite, async (c) => {
      await c.get("backend").favorites.remove(c.get("user")!.username, validGrn(c.req.valid("param").grn));
      return c.body(null, 204);
    });
}
