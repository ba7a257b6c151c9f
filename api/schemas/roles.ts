import { z } from "@hono/zod-openapi";
import type { EntityPage, PageRequest } from "./paginated.ts";
import { paginatedListSchema } from "./paginated.ts";

/** Roles (Graylog 5.1 `/roles` and `/authz/roles`): named permission sets users are given. */

export const RoleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.string()),
    read_only: z.boolean(),
  })
  .openapi("Role");
export type Role = z.infer<typeof RoleSchema>;

/** GET /roles (the legacy list every Graylog version has). */
export const RoleListSchema = z.object({ roles: z.array(RoleSchema), total: z.number().int() }).openapi("RoleList");

export const ROLE_SORT_FIELDS = ["name", "description"] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];
export const RolePageSchema = paginatedListSchema("roles", RoleSchema).openapi("RolePage");

/** GET /authz/roles: a page of roles and, per role id, its members (Graylog's `context.users`). */
export const AuthzRolePageSchema = RolePageSchema.extend({
  context: z.object({ users: z.record(z.string(), z.array(z.object({ id: z.string(), username: z.string() }))) }),
}).openapi("AuthzRolePage");

/** A member of a role as the role pages list it. */
export const RoleMemberSchema = z.object({ id: z.string(), username: z.string(), full_name: z.string() }).openapi("RoleMember");
export type RoleMember = z.infer<typeof RoleMemberSchema>;

/** GET /roles/{name}/members. */
export const RoleMembersSchema = z.object({ role: z.string(), users: z.array(RoleMemberSchema) }).openapi("RoleMembers");

export const RoleBodySchema = z
  .object({
    name: z.string({ message: "name is required" }).min(1, "name must not be empty").max(200, "name must be at most 200 characters"),
    description: z.string().max(1000, "description must be at most 1000 characters").default(""),
    permissions: z.array(z.string().min(1, "permissions must not be empty").max(500)).max(1000),
    read_only: z.boolean().optional(),
  })
  .strict()
  .openapi("RoleBody");
export type RoleBody = z.infer<typeof RoleBodySchema>;

/** Roles on the backend; built-in roles (read_only) cannot be changed or deleted. */
export interface RoleStore {
  list(): Promise<Role[]>;
  page(request: PageRequest<RoleSortField>): Promise<EntityPage<Role>>;
  get(id: string): Promise<Role | null>;
  getByName(name: string): Promise<Role | null>;
  /** Refuses (EntityValidationError) a taken name. */
  create(body: RoleBody): Promise<Role>;
  /** Null when there is no such role; refuses a built-in role or a taken name (renames reach the members). */
  update(id: string, body: RoleBody): Promise<Role | null>;
  /** False when there was no such role; refuses a built-in role or one that users still hold. */
  delete(id: string): Promise<boolean>;
  members(name: string): Promise<RoleMember[]>;
  /** Gives or takes the role; false when the user does not exist. */
  assign(name: string, username: string, member: boolean): Promise<boolean>;
}
