import { z } from "@hono/zod-openapi";
import { selfPermissions } from "../../shared/built-in-users.ts";
import { permissionActions } from "../../shared/permission-catalogue.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Permissions"];

const PermissionMapSchema = z.object({ permissions: z.record(z.string(), z.array(z.string())) }).openapi("PermissionMap");
const PermissionListSchema = z.object({ permissions: z.array(z.string()) }).openapi("PermissionList");

const allPermissions = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/permissions",
  tags: TAGS,
  summary: "Every permission the server checks: actions by resource",
  responses: { 200: jsonContent(PermissionMapSchema, "Actions by resource.") },
});

const readerPermissions = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/system/permissions/reader/{username}",
  tags: TAGS,
  summary: "The permissions every user holds (the Reader role's) plus those on their own account",
  request: { params: z.object({ username: z.string().min(1).max(256) }) },
  responses: { 200: jsonContent(PermissionListSchema, "The reader permissions of this user."), 404: jsonContent(ApiErrorSchema, "No such user.") },
});

/** Permission lookups: the catalogue (for the role editor) and a user's reader permissions. */
export function permissionsApi() {
  return createApiRouter()
    .openapi(allPermissions, (c) => c.json({ permissions: permissionActions() }, 200))
    .openapi(readerPermissions, async (c) => {
      const { username } = c.req.valid("param");
      if (!(await c.get("backend").users.get(username))) throw notFound(`Couldn't find user ${username}`);
      const reader = (await c.get("backend").roles.getByName("Reader"))?.permissions ?? [];
      return c.json({ permissions: [...new Set([...reader, ...selfPermissions(username)])].sort() }, 200);
    });
}
