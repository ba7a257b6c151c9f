/** The teams API from the UI: the page of teams, one team, the users and roles a team can hold, and the calls that change teams. */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { TeamBody } from "../../../api/schemas/teams.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { type TeamPageParams, teamPageQuery } from "./logic/team-list.ts";

const TEAMS = "/plugins/org.graylog.plugins.security.teams/teams" as const;
const TEAM = `${TEAMS}/{teamId}` as const;

export const teamPageQueryOptions = (params: TeamPageParams) => ({
  ...resourceQueryOptions(TEAMS, { query: teamPageQuery(params) }),
  placeholderData: keepPreviousData,
});

export const teamQueryOptions = (teamId: string) => resourceQueryOptions(TEAM, { path: { teamId } });

export const teamUsersQueryOptions = () => resourceQueryOptions("/users", { query: { include_permissions: "false" } });

export const teamRolesQueryOptions = () => resourceQueryOptions("/roles", {});

export const createTeam = (body: TeamBody) => apiCall("post", TEAMS, { body });

export const updateTeam = (teamId: string, body: TeamBody) => apiCall("put", TEAM, { params: { path: { teamId } }, body });

export const deleteTeam = (teamId: string) => apiCall("delete", TEAM, { params: { path: { teamId } } });

export const addTeamMembers = (teamId: string, userIds: string[]) =>
  apiCall("put", `${TEAMS}/{teamId}/users` as const, { params: { path: { teamId } }, body: userIds });

export const removeTeamMember = (teamId: string, userId: string) =>
  apiCall("delete", `${TEAMS}/{teamId}/users/{userId}` as const, { params: { path: { teamId, userId } } });

export async function invalidateTeams(queryClient: QueryClient): Promise<void> {
  for (const path of [TEAMS, TEAM] as const) await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
}
