import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, EntityValidationError, pageQuerySchema, paginatedAnswer, toPageRequest } from "../schemas/paginated.ts";
import { AuthzRolePageSchema, type Role, ROLE_SORT_FIELDS, RoleBodySchema, RoleListSchema, RoleMembersSchema, RoleSchema } from "../schemas/roles.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Roles"];
const RoleNameParams = z.object({ rolename: z.string().min(1).max(200) });
const RoleIdParams = z.object({ roleId: z.string().min(1).max(100) });
const noSuchRole = { 404: jsonContent(ApiErrorSchema, "No such role.") };

const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "name", title: "Name", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
];

const listRoles = secureRoute(requires("roles:read"), {
  method: "get",
  path: "/roles",
  tags: TAGS,
  summary: "Every role, by name",
  responses: { 200: jsonContent(RoleListSchema, "The roles.") },
});

const getRole = secureRoute(requires("roles:read:{rolename}"), {
  method: "get",
  path: "/roles/{rolename}",
  tags: TAGS,
  summary: "A role by name",
  request: { params: RoleNameParams },
  responses: { 200: jsonContent(RoleSchema, "The role."), ...noSuchRole },
});

const createRole = secureRoute(requires("roles:create"), {
  method: "post",
  path: "/roles",
  tags: TAGS,
  summary: "Create a role; its name must be new",
  request: { body: jsonBody(RoleBodySchema) },
  responses: { 201: jsonContent(RoleSchema, "The stored role.") },
});

const updateRole = secureRoute(requires("roles:edit:{rolename}"), {
  method: "put",
  path: "/roles/{rolename}",
  tags: TAGS,
  summary: "Change a role's name, description or permissions; built-in roles cannot be changed",
  request: { params: RoleNameParams, body: jsonBody(RoleBodySchema) },
  responses: { 200: jsonContent(RoleSchema, "The stored role."), ...noSuchRole },
});

const deleteRole = secureRoute(requires("roles:delete:{rolename}"), {
  method: "delete",
  path: "/roles/{rolename}",
  tags: TAGS,
  summary: "Remove a role; built-in roles and roles users still hold cannot be removed",
  request: { params: RoleNameParams },
  responses: { ...NoContent, ...noSuchRole },
});

const roleMembers = secureRoute(requires("roles:read:{rolename}", "users:list"), {
  method: "get",
  path: "/roles/{rolename}/members",
  tags: TAGS,
  summary: "The users holding a role",
  request: { params: RoleNameParams },
  responses: { 200: jsonContent(RoleMembersSchema, "The members, by username."), ...noSuchRole },
});

const addMember = secureRoute(requires("users:rolesedit:{username}"), {
  method: "put",
  path: "/roles/{rolename}/members/{username}",
  tags: TAGS,
  summary: "Give a user a role",
  request: { params: RoleNameParams.extend({ username: z.string().min(1).max(256) }) },
  responses: { ...NoContent, ...noSuchRole },
});

const removeMember = secureRoute(requires("users:rolesedit:{username}"), {
  method: "delete",
  path: "/roles/{rolename}/members/{username}",
  tags: TAGS,
  summary: "Take a role from a user",
  request: { params: RoleNameParams.extend({ username: z.string().min(1).max(256) }) },
  responses: { ...NoContent, ...noSuchRole },
});

const pageAuthzRoles = secureRoute(requires("roles:read"), {
  method: "get",
  path: "/authz/roles",
  tags: TAGS,
  summary: "One page of roles with their members (default sort name ascending)",
  request: { query: pageQuerySchema({ sortFields: ROLE_SORT_FIELDS, defaultSort: "name" }) },
  responses: { 200: jsonContent(AuthzRolePageSchema, "One page of roles.") },
});

const getAuthzRole = secureRoute(requires("roles:read"), {
  method: "get",
  path: "/authz/roles/{roleId}",
  tags: TAGS,
  summary: "A role by id",
  request: { params: RoleIdParams },
  responses: { 200: jsonContent(RoleSchema, "The role."), ...noSuchRole },
});

const deleteAuthzRole = secureRoute(requires("roles:delete"), {
  method: "delete",
  path: "/authz/roles/{roleId}",
  tags: TAGS,
  summary: "Remove a role by id; built-in roles and roles users still hold cannot be removed",
  request: { params: RoleIdParams },
  responses: { ...NoContent, ...noSuchRole },
});

const assignRole = secureRoute(requires("roles:edit", "users:rolesedit"), {
  method: "put",
  path: "/authz/roles/{roleId}/assignees",
  tags: TAGS,
  summary: "Give a role to users (a list of usernames)",
  request: { params: RoleIdParams, body: jsonBody(z.array(z.string().min(1).max(256)).min(1, "name at least one user").max(1000)) },
  responses: { ...NoContent, ...noSuchRole },
});

const unassignRole = secureRoute(requires("roles:edit", "users:rolesedit"), {
  method: "delete",
  path: "/authz/roles/{roleId}/assignee/{username}",
  tags: TAGS,
  summary: "Take a role from a user",
  request: { params: RoleIdParams.extend({ username: z.string().min(1).max(256) }) },
  responses: { ...NoContent, ...noSuchRole },
});

const rolesOfUser = secureRoute(requires("users:read:{username}"), {
  method: "get",
  path: "/authz/roles/user/{username}",
  tags: TAGS,
  summary: "The roles a user holds",
  request: { params: z.object({ username: z.string().min(1).max(256) }) },
  responses: { 200: jsonContent(RoleListSchema, "The user's roles."), 404: jsonContent(ApiErrorSchema, "No such user.") },
});

async function roleNamed(backend: Backend, name: string): Promise<Role> {
  const role = await backend.roles.getByName(name);
  if (!role) throw notFound(`Couldn't find role ${name}`);
  return role;
}

async function roleWithId(backend: Backend, id: string): Promise<Role> {
  const role = await backend.roles.get(id);
  if (!role) throw notFound(`Couldn't find role with id ${id}`);
  return role;
}

async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}

async function assign(backend: Backend, role: Role, username: string, member: boolean): Promise<void> {
  if (!(await backend.roles.assign(role.name, username, member))) throw notFound(`Couldn't find user ${username}`);
}

/** System → Roles: roles, their permissions and members (`/roles` and Graylog 5.1's `/authz/roles`). */
export function rolesApi() {
  return createApiRouter()
    .openapi(listRoles, async (c) => {
      const roles = await c.get("backend").roles.list();
      return c.json({ roles, total: roles.length }, 200);
    })
    .openapi(getRole, async (c) => c.json(await roleNamed(c.get("backend"), c.req.valid("param").rolename), 200))
    .openapi(createRole, async (c) => c.json(await refusalsAreBadRequests(c.get("backend").roles.create(c.req.valid("json"))), 201))
    .openapi(updateRole, async (c) => {
      const role = await roleNamed(c.get("backend"), c.req.valid("param").rolename);
      const updated = await refusalsAreBadRequests(c.get("backend").roles.update(role.id, c.req.valid("json")));
      return c.json(updated!, 200);
    })
    .openapi(deleteRole, async (c) => {
      const role = await roleNamed(c.get("backend"), c.req.valid("param").rolename);
      await refusalsAreBadRequests(c.get("backend").roles.delete(role.id));
      return c.body(null, 204);
    })
    .openapi(roleMembers, async (c) => {
      const role = await roleNamed(c.get("backend"), c.req.valid("param").rolename);
      return c.json({ role: role.name, users: await c.get("backend").roles.members(role.name) }, 200);
    })
    .openapi(addMember, async (c) => {
      const { rolename, username } = c.req.valid("param");
      await assign(c.get("backend"), await roleNamed(c.get("backend"), rolename), username, true);
      return c.body(null, 204);
    })
    .openapi(removeMember, async (c) => {
      const { rolename, username } = c.req.valid("param");
      await assign(c.get("backend"), await roleNamed(c.get("backend"), rolename), username, false);
      return c.body(null, 204);
    })
    .openapi(pageAuthzRoles, async (c) => {
      const request = toPageRequest(c.req.valid("query"));
      const backend = c.get("backend");
      const page = await backend.roles.page(request);
      const members = await Promise.all(page.elements.map(async (role) => [role.id, (await backend.roles.members(role.name)).map(({ id, username }) => ({ id, username }))] as const));
      return c.json({ ...paginatedAnswer("roles", page, request, ATTRIBUTES), context: { users: Object.fromEntries(members) } }, 200);
    })
    .openapi(getAuthzRole, async (c) => c.json(await roleWithId(c.get("backend"), c.req.valid("param").roleId), 200))
    .openapi(deleteAuthzRole, async (c) => {
      const role = await roleWithId(c.get("backend"), c.req.valid("param").roleId);
      await refusalsAreBadRequests(c.get("backend").roles.delete(role.id));
      return c.body(null, 204);
    })
    .openapi(assignRole, async (c) => {
      const role = await roleWithId(c.get("backend"), c.req.valid("param").roleId);
      for (const username of c.req.valid("json")) await assign(c.get("backend"), role, username, true);
      return c.body(null, 204);
    })
    .openapi(unassignRole, async (c) => {
      const { roleId, username } = c.req.valid("param");
      await assign(c.get("backend"), await roleWithId(c.get("backend"), roleId), username, false);
      return c.body(null, 204);
    })
    .openapi(rolesOfUser, async (c) => {
      const { username } = c.req.valid("param");
      const user = await c.get("backend").users.get(username);
      if (!user) throw notFound(`Couldn't find user ${username}`);
      const roles = (await c.get("backend").roles.list()).filter((role) => user.roles.includes(role.name));
      return c.json({ roles, total: roles.length }, 200);
    });
}
