import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { createApiRouter } from "../router.ts";
import { EntityListPreferencesSchema, EntityTableIdSchema } from "../schemas/entity-list-preferences.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const Params = z.object({ entityTableId: EntityTableIdSchema });

const getPreferences = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/entitylists/preferences/{entityTableId}",
  tags: ["Table layout"],
  summary: "The caller's layout of an entity table",
  request: { params: Params },
  responses: { 200: jsonContent(EntityListPreferencesSchema, "Layout preferences; empty when none were saved.") },
});

const savePreferences = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/entitylists/preferences/{entityTableId}",
  tags: ["Table layout"],
  summary: "Save the caller's layout of an entity table",
  request: { params: Params, body: jsonBody(EntityListPreferencesSchema) },
  responses: NoContent,
});

/** Table layout preferences (spec 000 §7.4). */
export function entityListPreferencesApi() {
  return createApiRouter()
    .openapi(getPreferences, async (c) => {
      const saved = await c.get("backend").entityListPreferences.get(c.get("user")!.username, c.req.valid("param").entityTableId);
      return c.json(saved ?? {}, 200);
    })
    .openapi(savePreferences, async (c) => {
      await c.get("backend").entityListPreferences.save(
        c.get("user")!.username,
        c.req.valid("param").entityTableId,
        c.req.valid("json"),
      );
      return c.body(null, 204);
    });
}
