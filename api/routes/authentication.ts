import { z } from "@hono/zod-openapi";
import { PUBLIC, requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  ActiveBackendAnswerSchema,
  ActiveBackendTypeSchema,
  type AuthServiceBackend,
  AuthServiceBackendBodySchema,
  BACKEND_SORT_FIELDS,
  BackendAnswerSchema,
  BackendPageSchema,
  BackendTestRequestSchema,
  BackendUsersSchema,
  BackendTestResultSchema,
  GlobalAuthConfigAnswerSchema,
  GlobalAuthConfigBodySchema,
  GroupSyncAnswerSchema,
  GroupSyncBodySchema,
  HttpHeaderAuthConfigSchema,
} from "../schemas/authentication.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, EntityValidationError, pageQuerySchema, paginatedAnswer, toPageRequest } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Authentication services"];
const BACKENDS = "/system/authentication/services/backends";
const BackendParams = z.object({ backendId: z.string().min(1).max(100) });
const noSuchBackend = { 404: jsonContent(ApiErrorSchema, "No such authentication service backend.") };

const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
];

const USER_ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "username", title: "Username", type: "STRING", sortable: true, searchable: true },
  { id: "full_name", title: "Full name", type: "STRING", sortable: true, searchable: true },
  { id: "email", title: "Email", type: "STRING", sortable: true, searchable: true },
];

const listBackends = secureRoute(requires("authservicebackend:read"), {
  method: "get",
  path: BACKENDS,
  tags: TAGS,
  summary: "One page of authentication service backends, with the active one in the context",
  request: { query: pageQuerySchema({ sortFields: BACKEND_SORT_FIELDS, defaultSort: "title" }) },
  responses: { 200: jsonContent(BackendPageSchema, "The backends.") },
});

const createBackend = secureRoute(requires("authservicebackend:create"), {
  method: "post",
  path: BACKENDS,
  tags: TAGS,
  summary: "Create an LDAP or Active Directory backend",
  request: { body: jsonBody(AuthServiceBackendBodySchema) },
  responses: { 200: jsonContent(BackendAnswerSchema, "The stored backend (its password only as is_set).") },
});

const getBackend = secureRoute(requires("authservicebackend:read:{backendId}"), {
  method: "get",
  path: `${BACKENDS}/{backendId}`,
  tags: TAGS,
  summary: "An authentication service backend by id",
  request: { params: BackendParams },
  responses: { 200: jsonContent(BackendAnswerSchema, "The backend."), ...noSuchBackend },
});

const updateBackend = secureRoute(requires("authservicebackend:edit:{backendId}"), {
  method: "put",
  path: `${BACKENDS}/{backendId}`,
  tags: TAGS,
  summary: "Change a backend (system_user_password: set_value, keep_value or delete_value)",
  request: { params: BackendParams, body: jsonBody(AuthServiceBackendBodySchema) },
  responses: { 200: jsonContent(BackendAnswerSchema, "The stored backend."), ...noSuchBackend },
});

const deleteBackend = secureRoute(requires("authservicebackend:delete:{backendId}"), {
  method: "delete",
  path: `${BACKENDS}/{backendId}`,
  tags: TAGS,
  summary: "Remove a backend; the active one is refused",
  request: { params: BackendParams },
  responses: { ...NoContent, ...noSuchBackend },
});

const backendUsers = secureRoute(requires("authserviceglobalconfig:read", "users:read"), {
  method: "get",
  path: `${BACKENDS}/{backendId}/users`,
  tags: TAGS,
  summary: "The users who signed in through a backend",
  request: { params: BackendParams, query: pageQuerySchema({ sortFields: ["full_name", "username", "email"] as const, defaultSort: "full_name" }) },
  responses: {
    200: jsonContent(BackendUsersSchema, "The backend's users."),
    ...noSuchBackend,
  },
});

const GROUP_SYNC = "/plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/{backendId}";
const noGroupSync = { 404: jsonContent(ApiErrorSchema, "No such backend, or it has no group synchronisation.") };

const getGroupSync = secureRoute(requires("authservicebackend:read:{backendId}"), {
  method: "get",
  path: GROUP_SYNC,
  tags: TAGS,
  summary: "A backend's group synchronisation (directory groups to teams)",
  request: { params: BackendParams },
  responses: { 200: jsonContent(GroupSyncAnswerSchema, "The group synchronisation."), ...noGroupSync },
});

const saveGroupSync = secureRoute(requires("authservicebackend:edit:{backendId}"), {
  method: "put",
  path: GROUP_SYNC,
  tags: TAGS,
  summary: "Set a backend's group synchronisation",
  request: { params: BackendParams, body: jsonBody(GroupSyncBodySchema) },
  responses: { 200: jsonContent(GroupSyncAnswerSchema, "The stored group synchronisation."), ...noSuchBackend },
});

const deleteGroupSync = secureRoute(requires("authservicebackend:edit:{backendId}"), {
  method: "delete",
  path: GROUP_SYNC,
  tags: TAGS,
  summary: "Remove a backend's group synchronisation (the teams it made stay)",
  request: { params: BackendParams },
  responses: { ...NoContent, ...noGroupSync },
});

const activeBackend = secureRoute(requires("authserviceglobalconfig:read"), {
  method: "get",
  path: "/system/authentication/services/active-backend",
  tags: TAGS,
  summary: "The active authentication service backend",
  responses: { 200: jsonContent(ActiveBackendAnswerSchema, "The active backend and how many there are."), 404: jsonContent(ApiErrorSchema, "No backend is active.") },
});

const activeBackendType = secureRoute(PUBLIC, {
  method: "get",
  path: `${BACKENDS}/active-backend/type`,
  tags: TAGS,
  summary: "The active authentication service backend's type (asked before signing in)",
  responses: { 200: jsonContent(ActiveBackendTypeSchema, "The active backend's type, null when none is active.") },
});

const getConfiguration = secureRoute(requires("authserviceglobalconfig:read"), {
  method: "get",
  path: "/system/authentication/services/configuration",
  tags: TAGS,
  summary: "Which backend is active",
  responses: { 200: jsonContent(GlobalAuthConfigAnswerSchema, "The configuration.") },
});

const updateConfiguration = secureRoute(requires("authserviceglobalconfig:edit"), {
  method: "post",
  path: "/system/authentication/services/configuration",
  tags: TAGS,
  summary: "Activate a backend (its id) or deactivate (null)",
  request: { body: jsonBody(GlobalAuthConfigBodySchema) },
  responses: { 200: jsonContent(GlobalAuthConfigAnswerSchema, "The configuration.") },
});

const testConnection = secureRoute(requires("authservicetestbackend:execute"), {
  method: "post",
  path: "/system/authentication/services/test/backend/connection",
  tags: TAGS,
  summary: "Connect to the configured servers and bind as the system user",
  request: { body: jsonBody(BackendTestRequestSchema) },
  responses: { 200: jsonContent(BackendTestResultSchema, "Whether it worked, and the server's or network's error.") },
});

const testLogin = secureRoute(requires("authservicetestbackend:execute"), {
  method: "post",
  path: "/system/authentication/services/test/backend/login",
  tags: TAGS,
  summary: "Look a user up with the configured search and bind as them",
  request: { body: jsonBody(BackendTestRequestSchema) },
  responses: { 200: jsonContent(BackendTestResultSchema, "Whether the user exists and could sign in.") },
});

const getHttpHeaderAuth = secureRoute(requires("authhttpheaderconfig:read"), {
  method: "get",
  path: "/system/authentication/http-header-auth-config",
  tags: TAGS,
  summary: "The HTTP header authenticator",
  responses: { 200: jsonContent(HttpHeaderAuthConfigSchema, "Whether it is on and which header names the user.") },
});

const updateHttpHeaderAuth = secureRoute(requires("authhttpheaderconfig:edit"), {
  method: "put",
  path: "/system/authentication/http-header-auth-config",
  tags: TAGS,
  summary: "Change the HTTP header authenticator",
  request: { body: jsonBody(HttpHeaderAuthConfigSchema) },
  responses: { 200: jsonContent(HttpHeaderAuthConfigSchema, "The stored configuration.") },
});

async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}

function found<T>(value: T | null, id: string): T {
  if (value === null) throw notFound(`Couldn't find auth service backend ${id}`);
  return value;
}

async function activeOf(backend: Backend): Promise<AuthServiceBackend | null> {
  const id = await backend.authServices.activeBackendId();
  return id ? (await backend.authServices.get(id))?.backend ?? null : null;
}

/** The stored password a test uses when the request keeps it (an edited backend's test). */
async function storedPassword(backend: Backend, backendId: string | null | undefined): Promise<string | null> {
  return backendId ? (await backend.authServices.get(backendId))?.systemUserPassword ?? null : null;
}

/** System → Authentication: directory backends, the active one, their tests, the HTTP header authenticator. */
export function authenticationApi() {
  return createApiRouter()
    .openapi(listBackends, async (c) => {
      const request = toPageRequest(c.req.valid("query"));
      const backend = c.get("backend");
      const page = await backend.authServices.page(request);
      return c.json({ ...paginatedAnswer("backends", page, request, ATTRIBUTES), context: { active_backend: await activeOf(backend) } }, 200);
    })
    .openapi(createBackend, async (c) => c.json({ backend: await refusalsAreBadRequests(c.get("backend").authServices.create(c.req.valid("json"))) }, 200))
    .openapi(getBackend, async (c) => {
      const { backendId } = c.req.valid("param");
      return c.json({ backend: found(await c.get("backend").authServices.get(backendId), backendId).backend }, 200);
    })
    .openapi(updateBackend, async (c) => {
      const { backendId } = c.req.valid("param");
      return c.json({ backend: found(await refusalsAreBadRequests(c.get("backend").authServices.update(backendId, c.req.valid("json"))), backendId) }, 200);
    })
    .openapi(deleteBackend, async (c) => {
      const { backendId } = c.req.valid("param");
      if (!(await refusalsAreBadRequests(c.get("backend").authServices.delete(backendId)))) throw notFound(`Couldn't find auth service backend ${backendId}`);
      return c.body(null, 204);
    })
    .openapi(backendUsers, async (c) => {
      const { backendId } = c.req.valid("param");
      const backend = c.get("backend");
      found(await backend.authServices.get(backendId), backendId);
      const request = toPageRequest(c.req.valid("query"));
      const matching = await backend.authServices.backendUsers(backendId, request.query);
      const direction = request.order === "desc" ? -1 : 1;
      matching.sort((a, b) => direction * a[request.sort].localeCompare(b[request.sort]) || a.id.localeCompare(b.id));
      const shown = matching.slice((request.page - 1) * request.perPage, request.page * request.perPage);
      // Users hold roles by name; the answer names them by id, with each id's title in the context (as Graylog does).
      const roleIds = new Map((await backend.roles.list()).map((role) => [role.name, role.id]));
      const users = shown.map((user) => ({ ...user, roles: user.roles.map((name) => roleIds.get(name) ?? name) }));
      const roles = Object.fromEntries(shown.flatMap((user) => user.roles).map((name) => [roleIds.get(name) ?? name, { title: name }]));
      return c.json({ ...paginatedAnswer("users", { elements: users, total: matching.length }, request, USER_ATTRIBUTES), context: { roles } }, 200);
    })
    .openapi(getGroupSync, async (c) => {
      const { backendId } = c.req.valid("param");
      const config = await c.get("backend").authServices.groupSync(backendId);
      if (!config) throw notFound(`Couldn't find group synchronisation of auth service backend ${backendId}`);
      return c.json({ backend: { auth_service_backend_id: backendId, config } }, 200);
    })
    .openapi(saveGroupSync, async (c) => {
      const { backendId } = c.req.valid("param");
      const authServices = c.get("backend").authServices;
      found(await authServices.get(backendId), backendId);
      await refusalsAreBadRequests(authServices.saveGroupSync(backendId, c.req.valid("json").config));
      return c.json({ backend: { auth_service_backend_id: backendId, config: (await authServices.groupSync(backendId))! } }, 200);
    })
    .openapi(deleteGroupSync, async (c) => {
      const { backendId } = c.req.valid("param");
      if (!(await c.get("backend").authServices.deleteGroupSync(backendId))) {
        throw notFound(`Couldn't find group synchronisation of auth service backend ${backendId}`);
      }
      return c.body(null, 204);
    })
    .openapi(activeBackend, async (c) => {
      const backend = c.get("backend");
      const active = await activeOf(backend);
      if (!active) throw notFound("No active authentication backend service");
      return c.json({ backend: active, context: { backends_total: await backend.authServices.total() } }, 200);
    })
    .openapi(activeBackendType, async (c) => c.json({ backend: (await activeOf(c.get("backend")))?.config.type ?? null }, 200))
    .openapi(getConfiguration, async (c) => c.json({ configuration: { active_backend: await c.get("backend").authServices.activeBackendId() } }, 200))
    .openapi(updateConfiguration, async (c) => {
      const { active_backend } = c.req.valid("json");
      await refusalsAreBadRequests(c.get("backend").authServices.setActiveBackend(active_backend));
      return c.json({ configuration: { active_backend } }, 200);
    })
    .openapi(testConnection, async (c) => {
      const { backend_id, backend_configuration } = c.req.valid("json");
      const backend = c.get("backend");
      const password = passwordFor(backend_configuration.config.system_user_password, await storedPassword(backend, backend_id));
      return c.json(await backend.directoryTester.connection(backend_configuration.config, password), 200);
    })
    .openapi(testLogin, async (c) => {
      const { backend_id, backend_configuration, user_login } = c.req.valid("json");
      if (!user_login) throw badRequest("user_login is required: the username and password to try");
      const backend = c.get("backend");
      const password = passwordFor(backend_configuration.config.system_user_password, await storedPassword(backend, backend_id));
      return c.json(await backend.directoryTester.login(backend_configuration.config, password, user_login.username, user_login.password.set_value), 200);
    })
    .openapi(getHttpHeaderAuth, async (c) => c.json(await c.get("backend").authServices.httpHeaderAuth(), 200))
    .openapi(updateHttpHeaderAuth, async (c) => {
      const backend = c.get("backend");
      await backend.authServices.saveHttpHeaderAuth(c.req.valid("json"));
      return c.json(await backend.authServices.httpHeaderAuth(), 200);
    });
}

/** The system user password a test binds with: the one in the request, else the stored one (keep_value), none when deleted. */
function passwordFor(input: { set_value: string } | { keep_value: true } | { delete_value: true } | undefined, stored: string | null): string | null {
  if (!input || "keep_value" in input) return stored;
  if ("delete_value" in input) return null;
  return input.set_value;
}
