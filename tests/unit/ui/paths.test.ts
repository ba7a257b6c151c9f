import assert from "node:assert/strict";
import { definePath } from "../../../shared/define-path.ts";
import { paths } from "../../../shared/paths.ts";

Deno.test("a path without parameters links to its pattern", () => {
  assert.equal(paths.search.href(), "/search");
  assert.equal(paths.root.href(), "/");
});

Deno.test("parameters are filled in and URL-encoded so an id cannot break out of its segment", () => {
  assert.equal(paths.user.href({ userId: "62b0c7f1" }), "/system/users/62b0c7f1");
  assert.equal(paths.lookupTable.href({ tableName: "geo ip/v2" }), "/system/lookuptables/table/geo%20ip%2Fv2");
  assert.equal(paths.streamSearch.href({ streamId: "a?b#c" }), "/streams/a%3Fb%23c/search");
});

Deno.test("every parameter of a pattern is filled, wherever it appears", () => {
  assert.equal(
    paths.nodeExtractorEdit.href({ inputId: "in1", nodeId: "n1", extractorId: "ex1" }),
    "/system/inputs/in1/n1/extractors/ex1/edit",
  );
  assert.equal(paths.contentPackEdit.href({ contentPackId: "cp", revision: "3" }), "/system/contentpacks/cp/3/edit");
});

Deno.test("a path keeps its react-router pattern", () => {
  assert.equal(definePath("/dashboards/:viewId").pattern, "/dashboards/:viewId");
  assert.equal(paths.message.pattern, "/messages/:index/:messageId");
});

Deno.test("no two pages share a pattern", () => {
  const patterns = Object.values(paths).map((p) => p.pattern);
  assert.equal(new Set(patterns).size, patterns.length);
});
