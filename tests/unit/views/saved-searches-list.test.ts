import assert from "node:assert/strict";
import {
  bulkDeleteErrorText,
  bulkDeleteOutcome,
  bulkDeleteQuestion,
  deleteQuestion,
  emptySavedSearchesText,
  loadSavedSearchesErrorText,
  savedSearchesQuery,
} from "../../../ui/views/logic/saved-searches-list.ts";

Deno.test("the saved searches list asks for 20 per page sorted by title ascending", () => {
  assert.deepEqual(savedSearchesQuery({ query: "ssh fail", page: 3 }), {
    query: "ssh fail",
    page: 3,
    per_page: 20,
    sort: "title",
    order: "asc",
  });
  assert.equal(savedSearchesQuery({ query: "", page: 1, order: "desc" }).order, "desc");
});

Deno.test("the empty list says whether nothing was saved or nothing matched", () => {
  assert.equal(emptySavedSearchesText(""), "No saved searches have been created yet.");
  assert.equal(emptySavedSearchesText("  "), "No saved searches have been created yet.");
  assert.equal(emptySavedSearchesText("ssh"), "No saved searches have been found.");
});

Deno.test("a complete bulk delete reports the count and clears the selection", () => {
  assert.deepEqual(bulkDeleteOutcome(["a", "b", "c"], []), {
    kind: "complete",
    message: "3 saved searches were deleted successfully.",
    stillSelected: [],
  });
});

Deno.test("a partial bulk delete reports N out of M and keeps only the failed ids selected", () => {
  assert.deepEqual(
    bulkDeleteOutcome(["a", "b", "c"], [{ entity_id: "c" }, { entity_id: "a" }, { entity_id: "zzz" }]),
    {
      kind: "partial",
      message: "2 out of 3 selected saved searches could not be deleted.",
      stillSelected: ["a", "c"],
    },
  );
});

Deno.test("confirmation and error texts are the spec's", () => {
  assert.equal(
    deleteQuestion("Failed logins"),
    'You are about to delete saved search: "Failed logins". Are you sure?',
  );
  assert.equal(bulkDeleteQuestion(1), "Do you really want to remove 1 saved search?");
  assert.equal(bulkDeleteQuestion(4), "Do you really want to remove 4 saved searches?");
  assert.equal(bulkDeleteErrorText("boom"), "An error occurred while deleting saved searches. boom");
  assert.equal(loadSavedSearchesErrorText(500), "Loading saved searches failed with status: 500");
});
