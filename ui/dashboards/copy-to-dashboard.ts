import type { View } from "../../api/schemas/views.ts";
import { apiCall } from "../api/api-client.ts";
import { saveDashboard } from "./dashboard-queries.ts";
import { type DashboardPage, placeWidget, type TravellingWidget, withPageWidgets } from "./logic/dashboard-pages.ts";
import { dashboardPagesOf } from "./logic/dashboard-wire.ts";

/**
 * What goes to another dashboard: a widget onto its first page (copied under a new id; moved under its own unless the
 * target has a widget of that id) or a whole page (appended).
 */
export type CopiedToDashboard =
  | { kind: "widget"; widget: TravellingWidget; moved?: boolean }
  | { kind: "page"; page: DashboardPage };

/**
 * 'Copy to Dashboard' and 'Move to Dashboard' (spec 001 §2, §4): loads the target dashboard, adds the widget top-left
 * on its first page (the others move down) or appends the page, and saves the target. The source is left as it is
 * (a move removes the widget from it afterwards).
 */
export async function copyToDashboard(dashboardId: string, copied: CopiedToDashboard, timezone: string): Promise<View> {
  const view = await apiCall("get", "/views/{id}", { params: { path: { id: dashboardId } } });
  const search = await apiCall("get", "/views/search/{id}", { params: { path: { id: view.search_id } } });
  const pages = dashboardPagesOf({ view, search });
  const next = copied.kind === "page"
    ? [...pages, copied.page]
    : pages.length === 0
    ? pages
    : withPageWidgets(pages, pages[0].id, placeWidget(pages[0].widgets, copied.widget, arrivingId(pages, copied)));
  return await saveDashboard(next, { title: view.title, summary: view.summary, description: view.description }, timezone, view.id);
}

/** A copy gets a new id (spec 001 §4); a moved widget keeps its own while the target has no widget of that id. */
function arrivingId(pages: readonly DashboardPage[], copied: Extract<CopiedToDashboard, { kind: "widget" }>): string {
  const id = copied.widget.widget.id;
  const taken = pages.some((page) => page.widgets.widgets.some((widget) => widget.id === id));
  return copied.moved && !taken ? id : crypto.randomUUID();
}
