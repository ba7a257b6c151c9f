import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import {
  changePageSize,
  changeQuery,
  clampPage,
  DEFAULT_PAGINATED_LIST_PAGE_SIZE,
  normalizePage,
  normalizePageSize,
  PAGINATED_LIST_PAGE_SIZES,
  showsPager,
  totalPages,
} from "../../../ui/common/paginated-list/logic/pagination.ts";
import { createLatestRequestGuard } from "../../../ui/common/paginated-list/logic/latest-request.ts";
import { canResetQuery, SEARCH_DEBOUNCE_MS } from "../../../ui/common/paginated-list/logic/search-query.ts";

Deno.test("the shared list offers 5, 10 and 30 items per page and shows 5 by default", () => {
  assertEquals(PAGINATED_LIST_PAGE_SIZES, [5, 10, 30]);
  equal(DEFAULT_PAGINATED_LIST_PAGE_SIZE, 5);
  equal(normalizePageSize(undefined), 5);
});

Deno.test("a page must be a positive integer, anything else falls back to page 1", () => {
  equal(normalizePage(3), 3);
  equal(normalizePage("4"), 4);
  for (const invalid of [0, -2, 1.5, Number.NaN, "abc", "", "2x", null, undefined, {}]) {
    equal(normalizePage(invalid), 1);
  }
});

Deno.test("a page size outside the allowed list falls back to the default", () => {
  equal(normalizePageSize(10), 10);
  equal(normalizePageSize("30"), 30);
  equal(normalizePageSize(20), 5);
  equal(normalizePageSize("lots"), 5);
  equal(normalizePageSize(100, [10, 20, 50, 100], 10), 100);
  equal(normalizePageSize(5, [10, 20, 50, 100], 10), 10);
  equal(normalizePageSize(undefined, [10, 20, 50]), 10);
});

Deno.test("a page above the total pages jumps to the last page", () => {
  equal(clampPage(7, totalPages(23, 5)), 5);
  equal(clampPage(2, 5), 2);
  equal(clampPage(3, 0), 3);
});

Deno.test("no pager is shown with one page or none", () => {
  equal(showsPager(totalPages(0, 5)), false);
  equal(showsPager(totalPages(5, 5)), false);
  equal(showsPager(totalPages(6, 5)), true);
});

Deno.test("changing the page size or the query returns to page 1", () => {
  assertEquals(changePageSize({ page: 4, perPage: 5, query: "x" }, 30), { page: 1, perPage: 30, query: "x" });
  assertEquals(changeQuery({ page: 4, perPage: 5, query: "x" }, "y"), { page: 1, perPage: 5, query: "y" });
});

Deno.test("an answer to an older request is ignored once a newer request began", () => {
  const guard = createLatestRequestGuard();
  const first = guard.begin();
  const second = guard.begin();
  equal(guard.isLatest(first), false);
  equal(guard.isLatest(second), true);
  guard.invalidate();
  equal(guard.isLatest(second), false);
});

Deno.test("the search box waits 300 ms and offers a reset only when the text differs from the original query", () => {
  equal(SEARCH_DEBOUNCE_MS, 300);
  equal(canResetQuery("abc", ""), true);
  equal(canResetQuery("", ""), false);
});
