import type { ColumnDefinition, Sort } from "../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../common/entity-table/logic/layout-preferences.ts";

/** The dashboards list (/dashboards, spec 001 §2, §8, §9): columns, layout defaults, page parameters and texts. */

/** The id under which the list's layout preferences are stored (spec 000 §7.4). */
export const DASHBOARDS_TABLE_ID = "dashboards";

export const DASHBOARD_COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "summary", title: "Summary", type: "STRING" },
  { id: "description", title: "Description", type: "STRING" },
  { id: "owner", title: "Owner", type: "STRING", sortable: true },
  { id: "created_at", title: "Created", type: "DATE", sortable: true },
  { id: "favorite", title: "Favorite", type: "BOOLEAN" },
];

export const DASHBOARD_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

/** Paginated lists default to 50 per page, sorted by title ascending (spec 001 §9). */
export const DASHBOARD_LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["title", "summary", "description", "owner", "favorite"],
  sort: { attributeId: "title", direction: "asc" },
  perPage: 50,
};

export const NO_DASHBOARDS_FOUND = "No dashboards found";
export const LOADING_DASHBOARDS_FAILED_TITLE = "Could not load dashboards";
export const loadingDashboardsFailed = (status: number | string) => `Loading dashboards failed with status: ${status}`;

const SORTABLE = ["title", "created_at", "owner"] as const;
type DashboardSort = (typeof SORTABLE)[number];

export interface DashboardListParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

/** The GET /dashboards query parameters; a sort the server does not know asks for the title. */
export function dashboardListQuery({ query, page, perPage, sort }: DashboardListParams) {
  const field = (SORTABLE as readonly string[]).includes(sort.attributeId) ? (sort.attributeId as DashboardSort) : "title";
  return { query, page, per_page: perPage, sort: field, order: sort.direction };
}

export const deleteDashboardQuestion = (title: string) => `Do you really want to delete the dashboard "${title}"?`;
export const bulkDeleteDashboardsQuestion = (count: number) =>
  `Do you really want to remove ${count} ${count === 1 ? "dashboard" : "dashboards"}?`;
export const deletedDashboardText = (title: string) => `Deleting view "${title}" was successful!`;

/** The outcome of a bulk delete, as spec 001 §8 words it for saved searches, said of dashboards. */
export function bulkDeleteOutcome(selected: number, failed: number): { ok: boolean; text: string } {
  if (failed === 0) return { ok: true, text: `${selected} ${selected === 1 ? "dashboard was" : "dashboards were"} deleted successfully.` };
  return { ok: false, text: `${failed} out of ${selected} selected dashboards could not be deleted.` };
}
