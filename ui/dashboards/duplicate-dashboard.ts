import type { View } from "../../api/schemas/views.ts";
import { apiCall } from "../api/api-client.ts";
import { saveDashboard } from "./dashboard-queries.ts";
import { dashboardPagesOf } from "./logic/dashboard-wire.ts";

/**
 * 'Duplicate as template' (issue 14, beyond Graylog): any dashboard the user can see becomes a new dashboard of
 * theirs with the same pages, searches and widgets, titled '{title} (Copy)'.
 */
export async function duplicateDashboard(viewId: string): Promise<View> {
  const view = await apiCall("get", "/views/{id}", { params: { path: { id: viewId } } });
  const search = await apiCall("get", "/views/search/{id}", { params: { path: { id: view.search_id } } });
  const pages = dashboardPagesOf({ view, search });
  // The pages keep their stored time ranges; keyword ranges carry their own zone, so the browser's is only a default.
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return await saveDashboard(pages, { title: `${view.title} (Copy)`, summary: view.summary, description: view.description }, timezone, null);
}
