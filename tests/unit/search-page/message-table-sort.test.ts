import assert from "node:assert/strict";
import type { WidgetSort } from "../../../api/schemas/widgets.ts";
import { columnSortDirection, DEFAULT_MESSAGE_SORT, nextColumnSort, sortLabel, toSearchTypeSort } from "../../../ui/widgets/messages/logic/message-table-sort.ts";

const sortOn = (field: string, direction: WidgetSort["direction"]): WidgetSort[] => [{ type: "pivot", field, direction }];

Deno.test("by default the table is sorted descending on the timestamp and on no other column", () => {
  assert.equal(columnSortDirection(DEFAULT_MESSAGE_SORT, "timestamp"), "Descending");
  assert.equal(columnSortDirection(DEFAULT_MESSAGE_SORT, "source"), null);
  // An empty sort list reads as the default.
  assert.equal(columnSortDirection([], "timestamp"), "Descending");
});

Deno.test("clicking an unsorted column sorts it descending, then ascending, then back to the default", () => {
  const first = nextColumnSort(DEFAULT_MESSAGE_SORT, "source");
  assert.deepEqual(first, sortOn("source", "Descending"));
  const second = nextColumnSort(first, "source");
  assert.deepEqual(second, sortOn("source", "Ascending"));
  const third = nextColumnSort(second, "source");
  assert.deepEqual(third, sortOn("timestamp", "Descending"));
  assert.equal(columnSortDirection(third, "source"), null);
});

Deno.test("the timestamp column, sorted descending by default, turns ascending and then back to descending", () => {
  const ascending = nextColumnSort(DEFAULT_MESSAGE_SORT, "timestamp");
  assert.deepEqual(ascending, sortOn("timestamp", "Ascending"));
  assert.deepEqual(nextColumnSort(ascending, "timestamp"), sortOn("timestamp", "Descending"));
});

Deno.test("clicking another column while one is sorted starts that column descending", () => {
  assert.deepEqual(nextColumnSort(sortOn("source", "Ascending"), "http_status"), sortOn("http_status", "Descending"));
});

Deno.test("returning to the default gives a fresh list, never the shared default itself", () => {
  const back = nextColumnSort(sortOn("source", "Ascending"), "source");
  back[0].direction = "Ascending";
  assert.equal(DEFAULT_MESSAGE_SORT[0].direction, "Descending");
});

Deno.test("the search type sort maps directions to ASC/DESC and an empty config sort to the default", () => {
  assert.deepEqual(toSearchTypeSort(sortOn("source", "Ascending")), [{ field: "source", order: "ASC" }]);
  assert.deepEqual(toSearchTypeSort([]), [{ field: "timestamp", order: "DESC" }]);
});

Deno.test("header buttons are named by field and sort state", () => {
  assert.equal(sortLabel("timestamp", "Descending"), "timestamp, sorted descending");
  assert.equal(sortLabel("timestamp", "Ascending"), "timestamp, sorted ascending");
  assert.equal(sortLabel("source", null), "source, not sorted");
});
