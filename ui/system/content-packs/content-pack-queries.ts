/**
 * The content pack API from the UI, through the typed client: the catalog, the packs and their revisions,
 * installations; every change invalidates every content pack query.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ContentPack, ContentPackInstallationRequest, EntityDescriptor } from "../../../api/schemas/content-packs.ts";
import { apiCall } from "../../api/api-client.ts";
import { apiUrl } from "../../api/page-config.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

const pack = (contentPackId: string) => ({ path: { contentPackId } });
const revision = (contentPackId: string, rev: number) => ({ path: { contentPackId, revision: String(rev) } });

export const latestContentPacksQueryOptions = () => resourceQueryOptions("/system/content_packs/latest");
export const catalogQueryOptions = () => resourceQueryOptions("/system/catalog");
export const contentPackRevisionsQueryOptions = (contentPackId: string) =>
  resourceQueryOptions("/system/content_packs/{contentPackId}", pack(contentPackId));
export const installationsQueryOptions = (contentPackId: string) =>
  resourceQueryOptions("/system/content_packs/{contentPackId}/installations", pack(contentPackId));
export const uninstallDetailsQueryOptions = (contentPackId: string, installationId: string) =>
  resourceQueryOptions("/system/content_packs/{contentPackId}/installations/{installationId}/uninstall_details", {
    path: { contentPackId, installationId },
  });

export const resolveEntities = (entities: EntityDescriptor[]) => apiCall("post", "/system/catalog", { body: { entities } });
export const saveContentPack = (body: ContentPack) => apiCall("post", "/system/content_packs", { body });
export const deleteContentPack = (contentPackId: string) => apiCall("delete", "/system/content_packs/{contentPackId}", { params: pack(contentPackId) });
export const installContentPack = (contentPackId: string, rev: number, body: ContentPackInstallationRequest) =>
  apiCall("post", "/system/content_packs/{contentPackId}/{revision}/installations", { params: revision(contentPackId, rev), body });
export const uninstallContentPack = (contentPackId: string, installationId: string) =>
  apiCall("delete", "/system/content_packs/{contentPackId}/installations/{installationId}", { params: { path: { contentPackId, installationId } } });

/** Where a revision downloads as a JSON file. */
export const contentPackDownloadHref = (contentPackId: string, rev: number) =>
  apiUrl(`/system/content_packs/${encodeURIComponent(contentPackId)}/${rev}/download`);

export async function invalidateContentPacks(queryClient: QueryClient): Promise<void> {
  for (const path of ["/system/content_packs/latest", "/system/content_packs/{contentPackId}", "/system/content_packs/{contentPackId}/installations"] as const) {
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
  }
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/catalog") });
}
