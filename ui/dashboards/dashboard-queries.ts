/**
 * The dashboards API from the UI: the paged list (GET /dashboards) through the typed client, and saving a
 * dashboard: its search first (POST /views/search), then the view over it.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { View } from "../../api/schemas/views.ts";
import { apiCall } from "../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";
import { createView, invalidateViews, updateView } from "../views/view-queries.ts";
import type { DashboardPage } from "./logic/dashboard-pages.ts";
import { type DashboardListParams, dashboardListQuery } from "./logic/dashboard-list.ts";
import { type DashboardMetadata, dashboardSearch, dashboardViewBody } from "./logic/dashboard-wire.ts";

/** GET /dashboards: one page of dashboards; the previous page stays while the next loads. */
export const dashboardListQueryOptions = (params: DashboardListParams) => ({
  ...resourceQueryOptions("/dashboards", { query: dashboardListQuery(params) }),
  placeholderData: keepPreviousData,
});

/** Saves a dashboard: over `existingId`, or as a new dashboard when null. */
export async function saveDashboard(
  pages: readonly DashboardPage[],
  metadata: DashboardMetadata,
  timezone: string,
  existingId: string | null,
): Promise<View> {
  const search = await apiCall("post", "/views/search", { body: dashboardSearch(pages, timezone) });
  if (!search.id) throw new Error("The search was stored without an id.");
  const body = dashboardViewBody(pages, search.id, metadata);
  return existingId ? await updateView(existingId, { ...body, id: existingId }) : await createView(body);
}

/** After a change to dashboards: the list and every view query read again. */
export async function invalidateDashboards(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/dashboards") }),
    invalidateViews(queryClient),
  ]);
}
