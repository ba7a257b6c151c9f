import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { AuthzRolePageSchema, RoleListSchema, RoleMembersSchema, RoleSchema } from "../../api/schemas/roles.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("roles");
const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;
const AUDITOR = { name: "Auditor", description: "Reads the audit streams", permissions: ["streams:read:audit", "dashboards:read"] };

suite.test("the built-in roles are listed with ids, read-only", async (h) => {
  const list = assertSchema(RoleListSchema, (await h.call("GET", "/roles")).body);
  assert.deepEqual(list.roles.map((r) => [r.name, r.read_only]), [
    ["Admin", true],
    ["Dashboard Creator", true],
    ["Event Definition Creator", true],
    ["Event Notification Creator", true],
    ["Reader", true],
    ["Stream Creator", true],
    ["Views Manager", true],
  ]);
  assert.equal(list.total, 7);
  assert.ok(list.roles.every((r) => /^[0-9a-f]{24}$/.test(r.id)));
});

suite.test("a role is created, read by name and by id, and its name must be new", async (h) => {
  const created = await h.call("POST", "/roles", { body: AUDITOR });
  assert.equal(created.status, 201);
  const role = assertSchema(RoleSchema, created.body);
  assert.deepEqual({ ...role, id: "" }, { ...AUDITOR, id: "", read_only: false });
  assert.deepEqual((await h.call("GET", "/roles/Auditor")).body, role);
  assert.deepEqual((await h.call("GET", `/authz/roles/${role.id}`)).body, role);
  const again = await h.call("POST", "/roles", { body: { ...AUDITOR, name: "auditor" } });
  assert.equal(again.status, 400);
  assert.match(messageOf(again.body), /A role named auditor already exists/);
  const bad = await h.call("POST", "/roles", { body: { name: "", permissions: [] } });
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /name must not be empty/);
});

suite.test("members are assigned and unassigned; a member holds the role's permissions", async (h) => {
  const role = assertSchema(RoleSchema, (await h.call("GET", "/roles/Auditor")).body);
  assert.equal((await h.call("PUT", "/roles/Auditor/members/reader")).status, 204);
  assert.deepEqual(assertSchema(RoleMembersSchema, (await h.call("GET", "/roles/Auditor/members")).body).users.map((u) => u.username), ["reader"]);
  const reader = assertSchema(UserSchema, (await h.call("GET", "/users/reader")).body);
  assert.ok(reader.permissions.includes("streams:read:audit"));
  assert.deepEqual(assertSchema(RoleListSchema, (await h.call("GET", "/authz/roles/user/reader")).body).roles.map((r) => r.name), ["Auditor", "Reader"]);
  const page = assertSchema(AuthzRolePageSchema, (await h.call("GET", "/authz/roles")).body);
  assert.deepEqual(page.context.users[role.id].map((u) => u.username), ["reader"]);
  assert.equal((await h.call("DELETE", `/authz/roles/${role.id}/assignee/reader`)).status, 204);
  assert.deepEqual(assertSchema(RoleMembersSchema, (await h.call("GET", "/roles/Auditor/members")).body).users, []);
  assert.equal((await h.call("PUT", `/authz/roles/${role.id}/assignees`, { body: ["reader"] })).status, 204);
  assert.equal((await h.call("PUT", "/roles/Auditor/members/nobody")).status, 404);
});

suite.test("a role in use cannot be deleted and says who holds it", async (h) => {
  const answer = await h.call("DELETE", "/roles/Auditor");
  assert.equal(answer.status, 400);
  assert.equal(messageOf(answer.body), "The role Auditor is in use by 1 user and cannot be deleted: reader.");
  assert.equal((await h.call("DELETE", "/roles/Auditor/members/reader")).status, 204);
});

suite.test("renaming a role carries its members along; deleting an unused role works", async (h) => {
  await h.call("PUT", "/roles/Auditor/members/reader");
  const renamed = await h.call("PUT", "/roles/Auditor", { body: { ...AUDITOR, name: "Auditors" } });
  assert.equal(renamed.status, 200);
  assert.ok(assertSchema(UserSchema, (await h.call("GET", "/users/reader")).body).roles.includes("Auditors"));
  await h.call("DELETE", "/roles/Auditors/members/reader");
  assert.equal((await h.call("DELETE", "/roles/Auditors")).status, 204);
  assert.equal((await h.call("GET", "/roles/Auditors")).status, 404);
});

suite.test("built-in roles cannot be changed or deleted", async (h) => {
  const admin = assertSchema(RoleSchema, (await h.call("GET", "/roles/Admin")).body);
  for (const [method, path, body] of [["PUT", "/roles/Reader", { name: "Reader", permissions: [] }], ["DELETE", "/roles/Admin", undefined], ["DELETE", `/authz/roles/${admin.id}`, undefined]] as const) {
    const answer = await h.call(method, path, { body });
    assert.equal(answer.status, 400, `${method} ${path}`);
    assert.match(messageOf(answer.body), /The built-in role (Reader|Admin) cannot be (changed|deleted)/);
  }
});

suite.test("the reader may neither read nor change roles", async (h) => {
  for (const [method, path] of [["GET", "/roles"], ["GET", "/authz/roles"], ["POST", "/roles"], ["PUT", "/roles/Reader/members/reader"]] as const) {
    assert.deepEqual((await h.call(method, path, { cookie: h.readerCookie, body: method === "POST" ? AUDITOR : undefined })).body, FORBIDDEN_BODY, `${method} ${path}`);
  }
});

suite.test("the permission catalogue lists actions by resource; a user's reader permissions include their own account", async (h) => {
  const catalogue = (await h.call("GET", "/system/permissions", { cookie: h.readerCookie })).body as { permissions: Record<string, string[]> };
  assert.deepEqual(catalogue.permissions.streams, ["read", "create", "edit", "changestate"]);
  assert.ok(catalogue.permissions.users.includes("tokencreate"));
  const reader = (await h.call("GET", "/system/permissions/reader/admin")).body as { permissions: string[] };
  assert.ok(reader.permissions.includes("searches:relative"), "the Reader role's");
  assert.ok(reader.permissions.includes("users:tokencreate:admin"), "the own account's");
  assert.equal((await h.call("GET", "/system/permissions/reader/nobody")).status, 404);
  assert.deepEqual((await h.call("GET", "/system/permissions/reader/admin", { cookie: h.readerCookie })).body, FORBIDDEN_BODY);
});
