/** The teams API from the UI: the page of teams, the users and roles a team can hold, and the calls that change teams. */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { TeamBody } from "../../../api/schemas/teams.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

const TEAMS = "/plugins/org.graylog.plugins.security.teams/teams" as const;

export const teamPageQueryOptions = (params: { query: string; page: number; perPage: number }) => ({
  ...resourceQueryOptions(TEAMS, { query: { query: params.query, page: params.page, per_page: params.perPage, sort: "name", order: "asc" } }),
  placeholderData: keepPreviousData,
});

export const teamUsersQueryOptions = () => resourceQueryOptions("/users", { query: { include_permissions: "false" } });

export const teamRolesQueryOptions = () => resourceQueryOptions("/roles", {});

export const createTeam = (body: TeamBody) => apiCall("post", TEAMS, { body });

export const updateTeam = (teamId: string, body: TeamBody) =>
  apiCall("put", `${TEAMS}/{teamId}` as const, { params: { path: { teamId } }, body });

export const deleteTeam = (teamId: string) => apiCall("delete", `${TEAMS}/{teamId}` as const, { params: { path: { teamId } } });

export async function invalidateTeams(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey(TEAMS) });
}
