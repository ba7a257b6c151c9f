import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { ApiError, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { PreferencesBodySchema, PreferencesSchema, UserSchema, UserUpdateSchema } from "../schemas/user.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { convertPreferences } from "../../shared/preferences.ts";

const UsernameParams = z.object({ username: z.string().min(1).max(256) });

const getUser = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/users/{username}",
  tags: ["Users"],
  summary: "A user with permissions and preferences",
  request: { params: UsernameParams },
  responses: { 200: jsonContent(UserSchema, "The user."), 404: jsonContent(z.object({ type: z.string(), message: z.string() }), "No such user.") },
});

const updateUser = secureRoute(requires("users:edit:{username}"), {
  method: "put",
  path: "/users/{username}",
  tags: ["Users"],
  summary: "Change a user's profile or start page",
  request: { params: UsernameParams, body: jsonBody(UserUpdateSchema) },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such user.") },
});

const getPreferences = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/users/{username}/preferences",
  tags: ["Users"],
  summary: "A user's preferences",
  request: { params: UsernameParams },
  responses: { 200: jsonContent(PreferencesBodySchema, "The preferences."), 404: jsonContent(ApiErrorSchema, "No such user.") },
});

const putPreferences = secureRoute(requires("users:edit:{username}"), {
  method: "put",
  path: "/users/{username}/preferences",
  tags: ["Users"],
  summary: "Replace a user's preferences",
  request: { params: UsernameParams, body: jsonBody(PreferencesBodySchema) },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such user.") },
});

async function existingUser(backend: Backend, username: string) {
  const user = await backend.users.get(username);
  if (!user) throw notFound(`Couldn't find user ${username}`);
  return user;
}

/** Users' own data (spec 000 §7.2): the user, profile and start page, preferences. */
export function usersApi() {
  return createApiRouter()
    .openapi(getUser, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      return c.json(user, 200);
    })
    .openapi(updateUser, async (c) => {
      const { username } = c.req.valid("param");
      const user = await existingUser(c.get("backend"), username);
      if (user.read_only) throw new ApiError(403, `User ${username} is read-only and cannot be changed.`);
      await c.get("backend").users.update(username, c.req.valid("json"));
      return c.body(null, 204);
    })
    .openapi(getPreferences, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      return c.json({ preferences: user.preferences }, 200);
    })
    .openapi(putPreferences, async (c) => {
      const { username } = c.req.valid("param");
      const user = await existingUser(c.get("backend"), username);
      if (user.read_only) throw new ApiError(403, `User ${username} is read-only: preferences cannot be saved.`);
      const preferences = convertPreferences(PreferencesSchema.parse(c.req.valid("json").preferences));
      await c.get("backend").users.savePreferences(username, preferences);
      return c.body(null, 204);
    });
}
