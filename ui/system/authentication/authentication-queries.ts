/**
 * The authentication services API from the UI, through the typed client: the backends (with the active one), a
 * backend's group synchronisation, the tests against a directory, the HTTP header authenticator. Every change
 * invalidates the authentication queries.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type {
  AuthServiceBackendBody,
  BackendTestRequest,
  GroupSyncConfig,
  HttpHeaderAuthConfig,
} from "../../../api/schemas/authentication.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

const GROUP_SYNC =
  "/plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/{backendId}" as const;

export const backendPageQueryOptions = (params: { query: string; page: number; perPage: number }) => ({
  ...resourceQueryOptions("/system/authentication/services/backends", {
    query: { query: params.query, page: params.page, per_page: params.perPage, sort: "title", order: "asc" },
  }),
  placeholderData: keepPreviousData,
});

export const backendQueryOptions = (backendId: string) =>
  resourceQueryOptions("/system/authentication/services/backends/{backendId}", { path: { backendId } });

export const activeConfigurationQueryOptions = () =>
  resourceQueryOptions("/system/authentication/services/configuration");

/** A backend's group synchronisation; 404 (none configured) is an answer, not a failure to retry. */
export const groupSyncQueryOptions = (backendId: string) => ({
  ...resourceQueryOptions(GROUP_SYNC, { path: { backendId } }),
  retry: false,
});

export const backendUsersQueryOptions = (backendId: string) =>
  resourceQueryOptions("/system/authentication/services/backends/{backendId}/users", {
    path: { backendId },
    query: { per_page: 50 },
  });

export const httpHeaderAuthQueryOptions = () =>
  resourceQueryOptions("/system/authentication/http-header-auth-config");

export const createBackend = (body: AuthServiceBackendBody) =>
  apiCall("post", "/system/authentication/services/backends", { body });

export const updateBackend = (backendId: string, body: AuthServiceBackendBody) =>
  apiCall("put", "/system/authentication/services/backends/{backendId}", {
    params: { path: { backendId } },
    body,
  });

export const deleteBackend = (backendId: string) =>
  apiCall("delete", "/system/authentication/services/backends/{backendId}", {
    params: { path: { backendId } },
  });

/** Activates a backend, or (null) deactivates the active one. */
export const setActiveBackend = (backendId: string | null) =>
  apiCall("post", "/system/authentication/services/configuration", { body: { active_backend: backendId } });

export const saveGroupSync = (backendId: string, config: GroupSyncConfig) =>
  apiCall("put", GROUP_SYNC, { params: { path: { backendId } }, body: { config } });

export const deleteGroupSync = (backendId: string) =>
  apiCall("delete", GROUP_SYNC, { params: { path: { backendId } } });

export const testConnection = (request: BackendTestRequest) =>
  apiCall("post", "/system/authentication/services/test/backend/connection", { body: request });

export const testLogin = (request: BackendTestRequest) =>
  apiCall("post", "/system/authentication/services/test/backend/login", { body: request });

export const saveHttpHeaderAuth = (config: HttpHeaderAuthConfig) =>
  apiCall("put", "/system/authentication/http-header-auth-config", { body: config });

export async function invalidateAuthentication(queryClient: QueryClient): Promise<void> {
  for (
    const path of [
      "/system/authentication/services/backends",
      "/system/authentication/services/backends/{backendId}",
      "/system/authentication/services/configuration",
      "/system/authentication/services/active-backend",
      GROUP_SYNC,
      "/system/authentication/http-header-auth-config",
    ] as const
  ) {
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
  }
}

/** The roles a service's users and teams may be given by default. */
export const roleOptionsQueryOptions = () => resourceQueryOptions("/roles");
