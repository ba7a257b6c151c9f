/** The roles API from the UI: query options per resource and the calls that change roles and their members. */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

export const rolePageQueryOptions = (params: { query: string; page: number; perPage: number }) => ({
  ...resourceQueryOptions("/authz/roles", { query: { query: params.query, page: params.page, per_page: params.perPage, sort: "name", order: "asc" } }),
  placeholderData: keepPreviousData,
});

export const roleQueryOptions = (roleId: string) => resourceQueryOptions("/authz/roles/{roleId}", { path: { roleId } });

export const roleMembersQueryOptions = (rolename: string) => resourceQueryOptions("/roles/{rolename}/members", { path: { rolename } });

export const updateRole = (rolename: string, body: { name: string; description: string; permissions: string[] }) =>
  apiCall("put", "/roles/{rolename}", { params: { path: { rolename } }, body });

export const createRole = (body: { name: string; description: string; permissions: string[] }) => apiCall("post", "/roles", { body });

export const deleteRole = (roleId: string) => apiCall("delete", "/authz/roles/{roleId}", { params: { path: { roleId } } });

export const assignRole = (roleId: string, username: string) =>
  apiCall("put", "/authz/roles/{roleId}/assignees", { params: { path: { roleId } }, body: [username] });

export const unassignRole = (roleId: string, username: string) =>
  apiCall("delete", "/authz/roles/{roleId}/assignee/{username}", { params: { path: { roleId, username } } });

export async function invalidateRoles(queryClient: QueryClient): Promise<void> {
  for (const path of ["/authz/roles", "/authz/roles/{roleId}", "/roles/{rolename}/members", "/roles"] as const) {
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
  }
}
