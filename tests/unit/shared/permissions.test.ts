import assert from "node:assert/strict";
import {
  entityOwnPermission,
  fillPermissionTemplate,
  grants,
  holdsPermission,
  isAnyPermitted,
  isPermitted,
  streamReadPermission,
} from "../../../shared/permissions.ts";

Deno.test("a permission held exactly is granted", () => {
  assert.equal(isPermitted(["streams:read:1"], "streams:read:1"), true);
  assert.equal(isPermitted(["streams:read:1"], "streams:read:2"), false);
  assert.equal(isPermitted(["streams:read"], "streams:read:1"), false, "a shorter permission without star is not a prefix grant");
});

Deno.test("the wildcard star grants everything", () => {
  assert.equal(isPermitted(["*"], ["users:edit:admin", "clusterconfigentry:read"]), true);
  assert.equal(grants("*", "anything:at:all"), true);
});

Deno.test("a held prefix with a trailing star grants everything under it", () => {
  assert.equal(isPermitted(["streams:*"], "streams:read:000000000000000000000001"), true);
  assert.equal(isPermitted(["streams:read:*"], "streams:read:abc"), true);
  assert.equal(isPermitted(["streams:read:*"], "streams:edit:abc"), false);
  assert.equal(isPermitted(["users:*"], "streams:read:abc"), false);
});

Deno.test("a list must be held entirely for isPermitted and partly for isAnyPermitted", () => {
  const held = ["users:list", "roles:read"];
  assert.equal(isPermitted(held, ["users:list", "roles:read"]), true);
  assert.equal(isPermitted(held, ["users:list", "teams:list"]), false);
  assert.equal(isAnyPermitted(held, ["users:list", "teams:list"]), true);
  assert.equal(isAnyPermitted(held, ["teams:list", "authentication:edit"]), false);
});

Deno.test("an empty or missing requirement is always permitted, even without permissions", () => {
  for (const held of [[], undefined, ["x"]]) {
    assert.equal(isPermitted(held, []), true);
    assert.equal(isPermitted(held, undefined), true);
    assert.equal(isAnyPermitted(held, []), true);
    assert.equal(isAnyPermitted(held, undefined), true);
  }
});

Deno.test("a user without permissions is refused anything required", () => {
  assert.equal(isPermitted(undefined, "metrics:read"), false);
  assert.equal(isAnyPermitted([], ["metrics:read"]), false);
  assert.equal(holdsPermission([], "metrics:read"), false);
});

Deno.test("a single required permission may be given as a string", () => {
  assert.equal(isPermitted(["inputs:read"], "inputs:read"), true);
  assert.equal(isAnyPermitted(["inputs:read"], "outputs:read"), false);
});

Deno.test("permission templates are filled from request parameters; unknown names become empty", () => {
  assert.equal(fillPermissionTemplate("users:edit:{username}", { username: "reader" }), "users:edit:reader");
  assert.equal(fillPermissionTemplate("streams:{action}:{streamId}", { action: "read", streamId: "1" }), "streams:read:1");
  assert.equal(fillPermissionTemplate("users:edit:{username}", {}), "users:edit:");
  assert.equal(fillPermissionTemplate("metrics:read", { username: "x" }), "metrics:read");
});

Deno.test("ownership and stream permissions are built in Graylog's format", () => {
  assert.equal(entityOwnPermission("dashboard", "abc"), "entity:own:grn::::dashboard:abc");
  assert.equal(isPermitted(["entity:own:grn::::dashboard:abc"], entityOwnPermission("dashboard", "abc")), true);
  assert.equal(isPermitted(["entity:own:grn::::dashboard:abc"], entityOwnPermission("dashboard", "xyz")), false);
  assert.equal(streamReadPermission("000000000000000000000001"), "streams:read:000000000000000000000001");
});
