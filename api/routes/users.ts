import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isPermitted } from "../../shared/permissions.ts";
import { convertPreferences } from "../../shared/preferences.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { ApiError, badRequest, forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { AccessTokenListSchema, AccessTokenSchema, TOKEN_NAME_MAX_LENGTH } from "../schemas/access-tokens.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, EntityValidationError, pageQuerySchema } from "../schemas/paginated.ts";
import {
  PasswordChangeSchema,
  PermissionEditSchema,
  PreferencesBodySchema,
  PreferencesSchema,
  type User,
  USER_SORT_FIELDS,
  USER_STATUSES,
  UserCreateSchema,
  UserListSchema,
  UserPageSchema,
  UserSchema,
  UserUpdateSchema,
} from "../schemas/user.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { pagedList } from "./paged-list.ts";

const TAGS = ["Users"];
const UsernameParams = z.object({ username: z.string().min(1).max(256) });
const UserIdParams = z.object({ userId: z.string().min(1).max(256) });
const noSuchUser = { 404: jsonContent(ApiErrorSchema, "No such user.") };
const ownerCheck = (what: string) => ({ 403: jsonContent(ApiErrorSchema, `Owner check: ${what}`) });
const flag = (name: string, fallback: "true" | "false") =>
  z.enum(["true", "false"], { message: `${name} must be true or false` }).default(fallback).transform((value) => value === "true");

/** The columns of the paginated user list. */
const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "full_name", title: "Full name", type: "STRING", sortable: true, searchable: true },
  { id: "username", title: "Username", type: "STRING", sortable: true, searchable: true },
  { id: "email", title: "E-Mail Address", type: "STRING", sortable: true, searchable: true },
  { id: "client_address", title: "Client Address", type: "STRING", sortable: false, searchable: false },
  { id: "last_activity", title: "Last activity", type: "DATE", sortable: true, searchable: false },
  { id: "roles", title: "Roles", type: "STRING", sortable: false, searchable: false },
  { id: "account_status", title: "Status", type: "STRING", sortable: false, searchable: false },
];

const listUsers = secureRoute(requires("users:list"), {
  method: "get",
  path: "/users",
  tags: TAGS,
  summary: "Every user; permissions with include_permissions (default true), sessions with include_sessions",
  request: { query: z.object({ include_permissions: flag("include_permissions", "true"), include_sessions: flag("include_sessions", "false") }) },
  responses: { 200: jsonContent(UserListSchema, "The users, by username.") },
});

const pageUsers = secureRoute(requires("users:list"), {
  method: "get",
  path: "/users/paginated",
  tags: TAGS,
  summary: "One page of users (default sort full name ascending); `query` searches username, full name and e-mail",
  request: { query: pageQuerySchema({ sortFields: USER_SORT_FIELDS, defaultSort: "full_name" }) },
  responses: { 200: jsonContent(UserPageSchema, "One page of users.") },
});

const createUser = secureRoute(requires("users:create"), {
  method: "post",
  path: "/users",
  tags: TAGS,
  summary: "Create a user; the username must be new and the roles must exist",
  request: { body: jsonBody(UserCreateSchema) },
  responses: { 201: { description: "Created; the Location header names the user." } },
});

const getUserById = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/users/id/{userId}",
  tags: TAGS,
  summary: "A user by id (needs users:read on that user)",
  request: { params: UserIdParams },
  responses: { 200: jsonContent(UserSchema, "The user."), ...noSuchUser, ...ownerCheck("needs users:read on that user.") },
});

const deleteUserById = secureRoute(AUTHENTICATED, {
  method: "delete",
  path: "/users/id/{userId}",
  tags: TAGS,
  summary: "Remove a user by id (needs users:edit on that user); their sessions and tokens end",
  request: { params: UserIdParams },
  responses: { ...NoContent, ...noSuchUser, ...ownerCheck("needs users:edit on that user.") },
});

const getUser = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/users/{username}",
  tags: TAGS,
  summary: "A user with permissions and preferences",
  request: { params: UsernameParams },
  responses: { 200: jsonContent(UserSchema, "The user."), ...noSuchUser },
});

const updateUser = secureRoute(requires("users:edit:{username}"), {
  method: "put",
  path: "/users/{username}",
  tags: TAGS,
  summary: "Change a user's profile, settings or start page; roles need users:rolesedit, permissions " +
    "users:permissionsedit, the session timeout `*`",
  request: { params: UsernameParams, body: jsonBody(UserUpdateSchema) },
  responses: { ...NoContent, ...noSuchUser },
});

const deleteUser = secureRoute(requires("users:edit:{username}"), {
  method: "delete",
  path: "/users/{username}",
  tags: TAGS,
  summary: "Remove a user; their sessions and access tokens end at once",
  request: { params: UsernameParams },
  responses: { ...NoContent, ...noSuchUser },
});

const changePassword = secureRoute(requires("users:passwordchange:{username}"), {
  method: "put",
  path: "/users/{username}/password",
  tags: TAGS,
  summary: "Change a user's password; the old one is required for one's own, or without users:passwordchange:*",
  request: { params: UsernameParams, body: jsonBody(PasswordChangeSchema) },
  responses: { ...NoContent, ...noSuchUser },
});

const setStatus = secureRoute(requires("users:edit:{username}"), {
  method: "put",
  path: "/users/{username}/status/{status}",
  tags: TAGS,
  summary: "Enable or disable a user; a disabled user's sessions and tokens stop working at once",
  request: { params: UsernameParams.extend({ status: z.enum(USER_STATUSES, { message: "status must be enabled or disabled" }) }) },
  responses: { ...NoContent, ...noSuchUser },
});

const editPermissions = secureRoute(requires("users:permissionsedit:{username}"), {
  method: "put",
  path: "/users/{username}/permissions",
  tags: TAGS,
  summary: "Replace the permissions a user holds directly (besides those of their roles)",
  request: { params: UsernameParams, body: jsonBody(PermissionEditSchema) },
  responses: { ...NoContent, ...noSuchUser },
});

const deletePermissions = secureRoute(requires("users:permissionsedit:{username}"), {
  method: "delete",
  path: "/users/{username}/permissions",
  tags: TAGS,
  summary: "Revoke every permission a user holds directly; the account and its roles stay",
  request: { params: UsernameParams },
  responses: { ...NoContent, ...noSuchUser },
});

const getPreferences = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/users/{username}/preferences",
  tags: TAGS,
  summary: "A user's preferences",
  request: { params: UsernameParams },
  responses: { 200: jsonContent(PreferencesBodySchema, "The preferences."), ...noSuchUser },
});

const putPreferences = secureRoute(requires("users:edit:{username}"), {
  method: "put",
  path: "/users/{username}/preferences",
  tags: TAGS,
  summary: "Replace a user's preferences",
  request: { params: UsernameParams, body: jsonBody(PreferencesBodySchema) },
  responses: { ...NoContent, ...noSuchUser },
});

const listTokens = secureRoute(requires("users:tokenlist:{username}"), {
  method: "get",
  path: "/users/{username}/tokens",
  tags: TAGS,
  summary: "A user's access tokens (names and last use; the secrets are never shown again)",
  request: { params: UsernameParams },
  responses: { 200: jsonContent(AccessTokenListSchema, "The tokens, oldest first."), ...noSuchUser },
});

const createToken = secureRoute(requires("users:tokencreate:{username}"), {
  method: "post",
  path: "/users/{username}/tokens/{token}",
  tags: TAGS,
  summary: "Create an access token: use it as `token:token` HTTP basic auth. Its secret is in this answer only",
  request: {
    // `{token}` is the new token's name here and a token's id when revoking: one path, as Graylog's.
    params: UsernameParams.extend({
      token: z.string().min(1, "the token name must not be empty")
        .max(TOKEN_NAME_MAX_LENGTH, `the token name must be at most ${TOKEN_NAME_MAX_LENGTH} characters`),
    }),
    body: { required: false, content: { "application/json": { schema: z.object({}).strict() } } },
  },
  responses: { 200: jsonContent(AccessTokenSchema, "The token with its secret."), ...noSuchUser },
});

const revokeToken = secureRoute(requires("users:tokenremove:{username}"), {
  method: "delete",
  path: "/users/{username}/tokens/{token}",
  tags: TAGS,
  summary: "Revoke an access token: calls with it are refused from now on",
  request: { params: UsernameParams.extend({ token: z.string().min(1).max(100) }) },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such user or token.") },
});

const enableUser = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/system/authentication/users/{userId}/enable",
  tags: TAGS,
  summary: "Enable a user by id (needs users:edit on that user)",
  request: { params: UserIdParams },
  responses: { ...NoContent, ...noSuchUser, ...ownerCheck("needs users:edit on that user.") },
});

const disableUser = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/system/authentication/users/{userId}/disable",
  tags: TAGS,
  summary: "Disable a user by id (needs users:edit on that user): their sessions and tokens stop working at once",
  request: { params: UserIdParams },
  responses: { ...NoContent, ...noSuchUser, ...ownerCheck("needs users:edit on that user.") },
});

async function existingUser(backend: Backend, username: string): Promise<User> {
  const user = await backend.users.get(username);
  if (!user) throw notFound(`Couldn't find user ${username}`);
  return user;
}

/** The user with this id, when the caller holds `action` on them (403 otherwise). */
async function userByIdWith(c: Context, userId: string, action: string): Promise<User> {
  const user = await c.get("backend").users.getById(userId);
  if (!user) throw notFound(`Couldn't find user with id ${userId}`);
  if (!isPermitted(c.get("user")!.permissions, `users:${action}:${user.username}`)) throw forbidden();
  return user;
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}

/** Whom a signed-in user may not remove or disable: themselves (they would lock themselves out). */
function refuseSelf(c: Context, user: User, what: string): void {
  if (c.get("user")!.username === user.username) throw badRequest(`You cannot ${what} your own account.`);
}

/** Session details are left out unless asked for (include_sessions). */
function withoutSessions(user: User): User {
  return { ...user, session_active: false, last_activity: null, client_address: null };
}

/** System → Users and Teams: users, their passwords, status, permissions, preferences and access tokens. */
export function usersApi() {
  return createApiRouter()
    .openapi(listUsers, async (c) => {
      const { include_permissions, include_sessions } = c.req.valid("query");
      const users = (await c.get("backend").users.list()).map((user) => {
        const shown = include_sessions ? user : withoutSessions(user);
        return include_permissions ? shown : { ...shown, permissions: [] };
      });
      return c.json({ users }, 200);
    })
    .openapi(pageUsers, async (c) => {
      const answer = await pagedList(c.req.valid("query"), "users", ATTRIBUTES, (request) => c.get("backend").users.page(request));
      return c.json(answer, 200);
    })
    .openapi(createUser, async (c) => {
      const body = c.req.valid("json");
      const caller = c.get("user")!;
      if (body.roles.length > 0 && !isPermitted(caller.permissions, "users:rolesedit")) throw forbidden("You may not give roles to users.");
      if (body.permissions.length > 0 && !isPermitted(caller.permissions, "users:permissionsedit")) {
        throw forbidden("You may not give permissions to users.");
      }
      const created = await refusalsAreBadRequests(c.get("backend").users.create(body));
      c.header("Location", `${new URL(c.req.url).pathname}/id/${created.id}`);
      return c.body(null, 201);
    })
    .openapi(getUserById, async (c) => c.json(await userByIdWith(c, c.req.valid("param").userId, "read"), 200))
    .openapi(deleteUserById, async (c) => {
      const user = await userByIdWith(c, c.req.valid("param").userId, "edit");
      refuseSelf(c, user, "delete");
      await refusalsAreBadRequests(c.get("backend").users.delete(user.username));
      return c.body(null, 204);
    })
    .openapi(getUser, async (c) => c.json(await existingUser(c.get("backend"), c.req.valid("param").username), 200))
    .openapi(updateUser, async (c) => {
      const { username } = c.req.valid("param");
      const update = c.req.valid("json");
      const user = await existingUser(c.get("backend"), username);
      if (user.read_only) throw new ApiError(403, `User ${username} is read-only and cannot be changed.`);
      const held = c.get("user")!.permissions;
      if (update.roles && !isPermitted(held, `users:rolesedit:${username}`)) throw forbidden(`You may not change the roles of ${username}.`);
      if (update.permissions && !isPermitted(held, `users:permissionsedit:${username}`)) {
        throw forbidden(`You may not change the permissions of ${username}.`);
      }
      if (update.session_timeout_ms !== undefined && !isPermitted(held, "*")) throw forbidden("Only administrators may change session timeouts.");
      await refusalsAreBadRequests(c.get("backend").users.update(username, update));
      return c.body(null, 204);
    })
    .openapi(deleteUser, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      refuseSelf(c, user, "delete");
      await refusalsAreBadRequests(c.get("backend").users.delete(user.username));
      return c.body(null, 204);
    })
    .openapi(changePassword, async (c) => {
      const { username } = c.req.valid("param");
      const { old_password, password } = c.req.valid("json");
      const user = await existingUser(c.get("backend"), username);
      const caller = c.get("user")!;
      // Whoever may change every password need not know the old one, except for their own account (Graylog's rule).
      const needsOld = caller.username === username || !isPermitted(caller.permissions, "users:passwordchange:*");
      if (needsOld && !(old_password && await c.get("backend").sessions.verifyPassword(username, old_password))) {
        throw forbidden("The old password is missing or wrong.");
      }
      await c.get("backend").users.setPassword(user.username, password);
      return c.body(null, 204);
    })
    .openapi(setStatus, async (c) => {
      const { username, status } = c.req.valid("param");
      const user = await existingUser(c.get("backend"), username);
      if (status === "disabled") refuseSelf(c, user, "disable");
      await refusalsAreBadRequests(c.get("backend").users.setStatus(user.username, status));
      return c.body(null, 204);
    })
    .openapi(editPermissions, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      await c.get("backend").users.setPermissions(user.username, c.req.valid("json").permissions);
      return c.body(null, 204);
    })
    .openapi(deletePermissions, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      await c.get("backend").users.setPermissions(user.username, []);
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
    })
    .openapi(listTokens, async (c) => {
      const user = await existingUser(c.get("backend"), c.req.valid("param").username);
      return c.json({ tokens: await c.get("backend").accessTokens.list(user.username) }, 200);
    })
    .openapi(createToken, async (c) => {
      const { username, token } = c.req.valid("param");
      const user = await existingUser(c.get("backend"), username);
      return c.json(await c.get("backend").accessTokens.create(user.username, token), 200);
    })
    .openapi(revokeToken, async (c) => {
      const { username, token } = c.req.valid("param");
      const user = await existingUser(c.get("backend"), username);
      if (!(await c.get("backend").accessTokens.delete(user.username, token))) throw notFound(`Couldn't find token ${token} of ${username}`);
      return c.body(null, 204);
    })
    .openapi(enableUser, async (c) => {
      const user = await userByIdWith(c, c.req.valid("param").userId, "edit");
      await c.get("backend").users.setStatus(user.username, "enabled");
      return c.body(null, 204);
    })
    .openapi(disableUser, async (c) => {
      const user = await userByIdWith(c, c.req.valid("param").userId, "edit");
      refuseSelf(c, user, "disable");
      await refusalsAreBadRequests(c.get("backend").users.setStatus(user.username, "disabled"));
      return c.body(null, 204);
    });
}
