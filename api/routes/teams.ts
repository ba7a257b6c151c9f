import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, EntityValidationError, pageQuerySchema } from "../schemas/paginated.ts";
import { type Team, TEAM_SORT_FIELDS, TeamBodySchema, TeamListSchema, TeamPageSchema, TEAMS_PATH, TeamSchema } from "../schemas/teams.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { pagedList } from "./paged-list.ts";

const TAGS = ["Teams"];
const TeamParams = z.object({ teamId: z.string().min(1).max(100) });
const noSuchTeam = { 404: jsonContent(ApiErrorSchema, "No such team.") };
const UserIds = z.array(z.string().min(1, "user ids must not be empty").max(100)).min(1, "name at least one user").max(1000);

const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "name", title: "Name", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
];

const pageTeams = secureRoute(requires("teams:list"), {
  method: "get",
  path: TEAMS_PATH,
  tags: TAGS,
  summary: "One page of teams (default sort name ascending)",
  request: { query: pageQuerySchema({ sortFields: TEAM_SORT_FIELDS, defaultSort: "name" }) },
  responses: { 200: jsonContent(TeamPageSchema, "One page of teams with their members and roles.") },
});

const createTeam = secureRoute(requires("teams:create"), {
  method: "post",
  path: TEAMS_PATH,
  tags: TAGS,
  summary: "Create a team; its name must be new, its users and roles must exist",
  request: { body: jsonBody(TeamBodySchema) },
  responses: { 201: jsonContent(TeamSchema, "The stored team.") },
});

const teamsOfUser = secureRoute(requires("teams:list"), {
  method: "get",
  path: `${TEAMS_PATH}/user/{userId}`,
  tags: TAGS,
  summary: "The teams a user belongs to",
  request: { params: z.object({ userId: z.string().min(1).max(100) }) },
  responses: { 200: jsonContent(TeamListSchema, "The user's teams, by name.") },
});

const getTeam = secureRoute(requires("teams:read:{teamId}"), {
  method: "get",
  path: `${TEAMS_PATH}/{teamId}`,
  tags: TAGS,
  summary: "A team by id",
  request: { params: TeamParams },
  responses: { 200: jsonContent(TeamSchema, "The team."), ...noSuchTeam },
});

const updateTeam = secureRoute(requires("teams:edit:{teamId}"), {
  method: "put",
  path: `${TEAMS_PATH}/{teamId}`,
  tags: TAGS,
  summary: "Change a team's name, description, members or roles",
  request: { params: TeamParams, body: jsonBody(TeamBodySchema) },
  responses: { 200: jsonContent(TeamSchema, "The stored team."), ...noSuchTeam },
});

const deleteTeam = secureRoute(requires("teams:delete:{teamId}"), {
  method: "delete",
  path: `${TEAMS_PATH}/{teamId}`,
  tags: TAGS,
  summary: "Remove a team; what was shared with it is no longer shared",
  request: { params: TeamParams },
  responses: { ...NoContent, ...noSuchTeam },
});

const addMembers = secureRoute(requires("teams:edit:{teamId}"), {
  method: "put",
  path: `${TEAMS_PATH}/{teamId}/users`,
  tags: TAGS,
  summary: "Add users (by id) to a team",
  request: { params: TeamParams, body: jsonBody(UserIds) },
  responses: { 200: jsonContent(TeamSchema, "The team with its members."), ...noSuchTeam },
});

const removeMember = secureRoute(requires("teams:edit:{teamId}"), {
  method: "delete",
  path: `${TEAMS_PATH}/{teamId}/users/{userId}`,
  tags: TAGS,
  summary: "Remove a user (by id) from a team",
  request: { params: TeamParams.extend({ userId: z.string().min(1).max(100) }) },
  responses: { ...NoContent, ...noSuchTeam },
});

function found(team: Team | null, id: string): Team {
  if (!team) throw notFound(`Couldn't find team with id ${id}`);
  return team;
}

async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(`Invalid request body: ${error.message}`);
    throw error;
  }
}

/** System → Users and Teams: teams, their members and roles (Graylog's teams calls). */
export function teamsApi() {
  return createApiRouter()
    .openapi(pageTeams, async (c) => {
      const answer = await pagedList(c.req.valid("query"), "teams", ATTRIBUTES, (request) => c.get("backend").teams.page(request));
      return c.json(answer, 200);
    })
    .openapi(createTeam, async (c) => c.json(await refusalsAreBadRequests(c.get("backend").teams.create(c.req.valid("json"))), 201))
    .openapi(teamsOfUser, async (c) => {
      const teams = await c.get("backend").teams.ofUser(c.req.valid("param").userId);
      return c.json({ teams, total: teams.length }, 200);
    })
    .openapi(getTeam, async (c) => {
      const { teamId } = c.req.valid("param");
      return c.json(found(await c.get("backend").teams.get(teamId), teamId), 200);
    })
    .openapi(updateTeam, async (c) => {
      const { teamId } = c.req.valid("param");
      return c.json(found(await refusalsAreBadRequests(c.get("backend").teams.update(teamId, c.req.valid("json"))), teamId), 200);
    })
    .openapi(deleteTeam, async (c) => {
      const { teamId } = c.req.valid("param");
      if (!(await c.get("backend").teams.delete(teamId))) throw notFound(`Couldn't find team with id ${teamId}`);
      return c.body(null, 204);
    })
    .openapi(addMembers, async (c) => {
      const { teamId } = c.req.valid("param");
      return c.json(found(await refusalsAreBadRequests(c.get("backend").teams.setMembers(teamId, c.req.valid("json"), true)), teamId), 200);
    })
    .openapi(removeMember, async (c) => {
      const { teamId, userId } = c.req.valid("param");
      found(await c.get("backend").teams.setMembers(teamId, [userId], false), teamId);
      return c.body(null, 204);
    });
}
