import assert from "node:assert/strict";
import {
  capabilityGroups,
  fromRolePermissionsModel,
  toRolePermissionsModel,
} from "../../../ui/system/roles/logic/role-permissions.ts";

Deno.test("a role's catalogue permissions become ticked capabilities and the rest is kept as it is", () => {
  const model = toRolePermissionsModel(["streams:read", "streams:read:abc", "dashboards:create", "custom:thing"]);
  assert.deepEqual(model.capabilities, ["streams:read", "dashboards:create"]);
  assert.deepEqual(model.others, ["streams:read:abc", "custom:thing"]);
});

Deno.test("saving joins ticked capabilities and the other permissions, one per line, without blanks or repeats", () => {
  assert.deepEqual(fromRolePermissionsModel(["streams:read"], " streams:read:abc \n\n streams:read\n"), ["streams:read", "streams:read:abc"]);
});

Deno.test("the editor groups capabilities by resource title, each action a permission of that resource", () => {
  const groups = capabilityGroups();
  const streams = groups.find((group) => group.title === "Streams")!;
  assert.deepEqual(streams.actions.map((action) => action.permission), ["streams:read", "streams:create", "streams:edit", "streams:changestate"]);
  const titles = groups.map((group) => group.title);
  assert.deepEqual(titles, [...titles].sort((a, b) => a.localeCompare(b)));
});

Deno.test("the editor names each capability in words, not by its permission's action id", () => {
  const users = capabilityGroups().find((group) => group.title === "Users")!;
  assert.deepEqual(
    users.actions.filter((action) => action.permission.startsWith("users:token")).map((action) => action.action),
    ["list tokens", "create tokens", "remove tokens"],
  );
});
