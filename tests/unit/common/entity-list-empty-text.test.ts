import assert from "node:assert/strict";
import { FILTER_MATCHES_NOTHING, NO_ENTITIES_EXIST } from "../../../ui/common/empty-states.ts";
import { entityListEmptyText } from "../../../ui/common/entity-list/logic/entity-list-empty-text.ts";

Deno.test("an empty list without a search says no entities exist, or the area's own text", () => {
  assert.equal(entityListEmptyText(""), NO_ENTITIES_EXIST);
  assert.equal(entityListEmptyText("   "), NO_ENTITIES_EXIST);
  assert.equal(entityListEmptyText("", "No teams have been created yet."), "No teams have been created yet.");
});

Deno.test("an empty list with a search says the filter matches nothing", () => {
  assert.equal(entityListEmptyText("web"), FILTER_MATCHES_NOTHING);
  assert.equal(entityListEmptyText("web", "No teams have been created yet."), FILTER_MATCHES_NOTHING);
});
