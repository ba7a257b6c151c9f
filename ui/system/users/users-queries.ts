/**
 * The users API from the UI, through the typed client: query options per resource and the calls that change
 * users and their tokens. Every change invalidates the user queries.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { UserStatus, UserUpdate } from "../../../api/schemas/user.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { type UserPageParams, userPageQuery } from "./logic/user-list.ts";
import { createBody, type UserCreateValues } from "./logic/user-form.ts";

export const userPageQueryOptions = (params: UserPageParams) => ({
  ...resourceQueryOptions("/users/paginated", { query: userPageQuery(params) }),
  placeholderData: keepPreviousData,
});

export const userByIdQueryOptions = (userId: string) => resourceQueryOptions("/users/id/{userId}", { path: { userId } });

export const rolesQueryOptions = () => resourceQueryOptions("/roles");

export const tokensQueryOptions = (username: string) => resourceQueryOptions("/users/{username}/tokens", { path: { username } });

const byName = (username: string) => ({ path: { username } });

export const createUser = (values: UserCreateValues) => apiCall("post", "/users", { body: createBody(values) });

export const updateUser = (username: string, body: UserUpdate) => apiCall("put", "/users/{username}", { params: byName(username), body });

export const changePassword = (username: string, body: { old_password?: string; password: string }) =>
  apiCall("put", "/users/{username}/password", { params: byName(username), body });

export const setUserStatus = (username: string, status: UserStatus) =>
  apiCall("put", "/users/{username}/status/{status}", { params: { path: { username, status } } });

export const deleteUser = (username: string) => apiCall("delete", "/users/{username}", { params: byName(username) });

export const createToken = (username: string, name: string) =>
  apiCall("post", "/users/{username}/tokens/{token}", { params: { path: { username, token: name } }, body: {} });

export const revokeToken = (username: string, tokenId: string) =>
  apiCall("delete", "/users/{username}/tokens/{token}", { params: { path: { username, token: tokenId } } });

export async function invalidateUsers(queryClient: QueryClient): Promise<void> {
  for (const path of ["/users/paginated", "/users/id/{userId}", "/users/{username}", "/users/{username}/tokens"] as const) {
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
  }
}
