import { z } from "@hono/zod-openapi";
import { parseGrn } from "../../shared/grn.ts";
import { AUTHENTICATED } from "../access.ts";
import { mayReadEntity } from "../entity-read-access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
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
  summary: "Mark an entity as favorite (one the caller may read)",
  request: { params: GrnParams },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No entity by that GRN that the caller may read.") },
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

/** The most favorites a list looks through (they are filtered by read access before they are paged). */
const MAX_FAVORITES_READ = 10_000;

/**
 * Favorites (spec 000 §7.2). Only entities the caller may read are added and listed: a favorite of an entity
 * no longer shared with them (or never readable) stays stored but shows neither its title nor its existence.
 */
export function favoritesApi() {
  return createApiRouter()
    .openapi(listFavorites, async (c) => {
      const { page, per_page, type } = c.req.valid("query");
      const backend = c.get("backend");
      const user = c.get("user")!;
      const { favorites: stored } = await backend.favorites.list(user.username, { page: 1, perPage: MAX_FAVORITES_READ, type });
      const readable = (await Promise.all(stored.map(async (favorite) => (await mayReadEntity(backend, user, favorite.grn)) ? [favorite] : [])))
        .flat();
      const favorites = readable.slice((page - 1) * per_page, page * per_page);
      const total = readable.length;
      return c.json({ favorites, total, pagination: { total, count: favorites.length, page, per_page } }, 200);
    })
    .openapi(addFavorite, async (c) => {
      const grn = validGrn(c.req.valid("param").grn);
      const user = c.get("user")!;
      if (!(await mayReadEntity(c.get("backend"), user, grn))) throw notFound(`No entity ${grn} that you may read.`);
      await c.get("backend").favorites.add(user.username, grn);
      return c.body(null, 204);
    })
    .openapi(removeFavorite, async (c) => {
      await c.get("backend").favorites.remove(c.get("user")!.username, validGrn(c.req.valid("param").grn));
      return c.body(null, 204);
    });
}
