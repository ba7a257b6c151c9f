import { z } from "@hono/zod-openapi";
import type { EntityPage, PageRequest } from "./paginated.ts";
import { paginatedListSchema } from "./paginated.ts";

/**
 * Teams (Graylog's 'Users and Teams', grantee type team): a named group of users that holds roles and can be
 * given shares; its members get the team's roles and its grants. Wire shape of Graylog's teams plugin
 * (`/plugins/org.graylog.plugins.security.teams/teams`): members and roles by id.
 */
export const TEAMS_PATH = "/plugins/org.graylog.plugins.security.teams/teams";

export const TeamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Member user ids. */
    users: z.array(z.string()),
    /** Role ids the team's members hold through it. */
    roles: z.array(z.string()),
  })
  .openapi("Team");
export type Team = z.infer<typeof TeamSchema>;

export const TEAM_SORT_FIELDS = ["name", "description"] as const;
export type TeamSortField = (typeof TEAM_SORT_FIELDS)[number];
export const TeamPageSchema = paginatedListSchema("teams", TeamSchema).openapi("TeamPage");

/** GET …/teams/user/{userId}. */
export const TeamListSchema = z.object({ teams: z.array(TeamSchema), total: z.number().int() }).openapi("TeamList");

const Ids = (field: string) => z.array(z.string().min(1, `${field} must not hold empty ids`).max(100)).max(10_000);

export const TeamBodySchema = z
  .object({
    name: z.string({ message: "name is required" }).trim().min(1, "name must not be empty").max(200, "name must be at most 200 characters"),
    description: z.string().max(1000, "description must be at most 1000 characters").default(""),
    users: Ids("users").default([]),
    roles: Ids("roles").default([]),
  })
  .strict()
  .openapi("TeamBody");
export type TeamBody = z.infer<typeof TeamBodySchema>;

/** Teams on the backend; names are unique (case-insensitive), members and roles must exist. */
export interface TeamStore {
  page(request: PageRequest<TeamSortField>): Promise<EntityPage<Team>>;
  get(id: string): Promise<Team | null>;
  /** The teams a user belongs to. */
  ofUser(userId: string): Promise<Team[]>;
  /** Refuses (EntityValidationError) a taken name, unknown users or roles. */
  create(body: TeamBody): Promise<Team>;
  /** Null when there is no such team; refuses like create. */
  update(id: string, body: TeamBody): Promise<Team | null>;
  /** False when there was no such team; its grants go with it. */
  delete(id: string): Promise<boolean>;
  /** Adds or removes members; null when there is no such team; refuses unknown users. */
  setMembers(id: string, userIds: readonly string[], member: boolean): Promise<Team | null>;
}
