/** The sidecar API from the UI, through the typed client; every change invalidates every sidecar query. */
import type { QueryClient } from "@tanstack/react-query";
import type { BulkActionsRequest, CollectorBody, NodeConfigurationRequest, SidecarConfigurationBody } from "../../../api/schemas/sidecars.ts";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

export const sidecarsQueryOptions = (onlyActive: boolean) =>
  resourceQueryOptions("/sidecars", { query: { only_active: onlyActive ? "true" : "false", per_page: "1000" } }, { refetchInterval: 5_000 });
export const sidecarQueryOptions = (sidecarId: string) => resourceQueryOptions("/sidecars/{sidecarId}", { path: { sidecarId } });
export const collectorsQueryOptions = () => resourceQueryOptions("/sidecar/collectors");
export const configurationsQueryOptions = () => resourceQueryOptions("/sidecar/configurations");

export const administrationQueryOptions = (status: string | null) =>
  postedQueryOptions("/sidecar/administration", { body: { page: 1, per_page: 1000, query: "", filters: status ? { status } : {} } });
export const assignConfigurations = (body: NodeConfigurationRequest) => apiCall("put", "/sidecars/configurations", { body });
export const collectorAction = (body: BulkActionsRequest) => apiCall("put", "/sidecar/administration/action", { body });
export const createCollector = (body: CollectorBody) => apiCall("post", "/sidecar/collectors", { body });
export const updateCollector = (id: string, body: CollectorBody) => apiCall("put", "/sidecar/collectors/{id}", { params: { path: { id } }, body });
export const deleteCollector = (id: string) => apiCall("delete", "/sidecar/collectors/{id}", { params: { path: { id } } });
export const createConfiguration = (body: SidecarConfigurationBody) => apiCall("post", "/sidecar/configurations", { body });
export const updateConfiguration = (id: string, body: SidecarConfigurationBody) =>
  apiCall("put", "/sidecar/configurations/{id}", { params: { path: { id } }, body });
export const deleteConfiguration = (id: string) => apiCall("delete", "/sidecar/configurations/{id}", { params: { path: { id } } });

export async function invalidateSidecars(queryClient: QueryClient): Promise<void> {
  for (const path of ["/sidecars", "/sidecars/{sidecarId}", "/sidecar/collectors", "/sidecar/configurations"] as const) {
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
  }
  await queryClient.invalidateQueries({ queryKey: ["/sidecar/administration"] });
}
