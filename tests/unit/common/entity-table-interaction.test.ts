import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { nextSort } from "../../../ui/common/entity-table/logic/sort.ts";
import {
  deselectAllVisible,
  headerCheckboxState,
  selectAllVisible,
  toggleAllVisible,
  toggleSelection,
} from "../../../ui/common/entity-table/logic/selection.ts";
import {
  isSectionExpanded,
  toggleExpandedSection,
} from "../../../ui/common/entity-table/logic/expanded-sections.ts";

Deno.test("the first click on a column sorts it ascending", () => {
  assertEquals(nextSort(undefined, "title"), { attributeId: "title", direction: "asc" });
  assertEquals(nextSort({ attributeId: "created_at", direction: "desc" }, "title"), {
    attributeId: "title",
    direction: "asc",
  });
});

Deno.test("further clicks on the sorted column toggle its direction", () => {
  const once = nextSort(undefined, "title");
  const twice = nextSort(once, "title");
  assertEquals(twice.direction, "desc");
  assertEquals(nextSort(twice, "title").direction, "asc");
});

Deno.test("toggling a row selects it and toggling again deselects it", () => {
  const selected = toggleSelection([], "a");
  assertEquals(selected, ["a"]);
  assertEquals(toggleSelection(selected, "a"), []);
});

Deno.test("select all adds every visible row and keeps rows selected on other pages", () => {
  assertEquals(selectAllVisible(["x"], ["a", "b"]), ["x", "a", "b"]);
  assertEquals(deselectAllVisible(["x", "a", "b"], ["a", "b"]), ["x"]);
});

Deno.test("the header checkbox is indeterminate when only some visible rows are selected", () => {
  assertEquals(headerCheckboxState([], ["a", "b"]), "unchecked");
  assertEquals(headerCheckboxState(["a"], ["a", "b"]), "indeterminate");
  assertEquals(headerCheckboxState(["a", "b"], ["a", "b"]), "checked");
  assertEquals(headerCheckboxState(["x"], []), "unchecked");
});

Deno.test("clicking a partially checked header selects all, clicking a checked header deselects all", () => {
  assertEquals(toggleAllVisible(["a"], ["a", "b"]), ["a", "b"]);
  assertEquals(toggleAllVisible(["a", "b"], ["a", "b"]), []);
});

Deno.test("expanding a section opens it for that entity only and a second toggle closes it", () => {
  const opened = toggleExpandedSection({}, "stream-1", "rules");
  assertEquals(isSectionExpanded(opened, "stream-1", "rules"), true);
  assertEquals(isSectionExpanded(opened, "stream-2", "rules"), false);
  const closed = toggleExpandedSection(opened, "stream-1", "rules");
  assertEquals(isSectionExpanded(closed, "stream-1", "rules"), false);
  assertEquals(closed, {});
});
