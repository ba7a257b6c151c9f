import assert from "node:assert/strict";
import { lacksStreamPermissions } from "../../../ui/search/logic/stream-permissions.ts";

Deno.test("a user who can read no stream gets the 'No stream permissions.' page", () => {
  assert.equal(lacksStreamPermissions(["messages:read", "searches:relative"], 0), true);
  assert.equal(lacksStreamPermissions(["streams:read:gone"], 0), true);
});

Deno.test("one readable stream is enough to search", () => {
  assert.equal(lacksStreamPermissions(["streams:read:000000000000000000000001"], 1), false);
});

Deno.test("users who may read every stream are never sent away, even with no streams listed", () => {
  assert.equal(lacksStreamPermissions(["*"], 0), false);
  assert.equal(lacksStreamPermissions(["streams:*"], 0), false);
  assert.equal(lacksStreamPermissions(["streams:read:*"], 0), false);
});
