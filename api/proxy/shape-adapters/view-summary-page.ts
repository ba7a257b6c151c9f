import type { ShapeAdapter } from "./shape-adapter.ts";

/**
 * Graylog 5.1 answers the saved searches and dashboards lists as a `PageListResponse` of `ViewSummaryDTO`s:
 * the page numbers only inside `pagination`, and summaries without a view's `state` and `filter`. Sluice's UI
 * reads `count`, `page` and `per_page` at the top (the pager) and the list's views in the full view shape. The
 * adapter lifts the numbers up and gives each summary an empty state and no filter, which the lists never show.
 */
export function viewSummaryPage(path: "/search/saved" | "/dashboards"): ShapeAdapter {
  return {
    name: `paged view summaries (${path})`,
    method: "GET",
    path,
    adapt: (answer) => {
      if (!isObject(answer)) return answer;
      const pagination = isObject(answer.pagination) ? answer.pagination : {};
      const elements = Array.isArray(answer.elements) ? answer.elements : [];
      return {
        ...answer,
        count: answer.count ?? pagination.count ?? elements.length,
        page: answer.page ?? pagination.page,
        per_page: answer.per_page ?? pagination.per_page,
        elements: elements.map((view) => isObject(view) ? { state: {}, filter: null, ...view } : view),
      };
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
