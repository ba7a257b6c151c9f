import assert from "node:assert/strict";
import { permissionActions, readablePermission } from "../../../shared/permission-catalogue.ts";

Deno.test("a permission reads as its resource's title, its action and the entity it names", () => {
  assert.equal(readablePermission("streams:read:000000000000000000000001"), "Streams: read (000000000000000000000001)");
  assert.equal(readablePermission("users:tokencreate"), "Users: create tokens");
  assert.equal(readablePermission("inputs:changestate"), "Inputs: start and stop");
  assert.equal(readablePermission("*"), "Everything");
  assert.equal(readablePermission("custom:thing"), "custom: thing", "an unknown resource reads as it is");
  assert.equal(readablePermission("dashboards"), "Dashboards: *");
});

Deno.test("the permission map has every resource's actions, without duplicates", () => {
  const map = permissionActions();
  assert.ok(map.grok_pattern.includes("delete"));
  for (const [resource, actions] of Object.entries(map)) assert.equal(new Set(actions).size, actions.length, resource);
});

Deno.test("support bundles and the authentication services' permissions are in the list, in readable words", () => {
  const map = permissionActions();
  assert.deepEqual(map.supportbundle, ["read", "create"]);
  assert.equal(readablePermission("supportbundle:create"), "Support bundles: create");
  assert.equal(readablePermission("supportbundle:read"), "Support bundles: read");
  assert.equal(readablePermission("authservicetestbackend:execute"), "Authentication service tests: run");
  assert.equal(readablePermission("authserviceglobalconfig:edit"), "Active authentication service: edit");
});
