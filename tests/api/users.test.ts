import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { PreferencesBodySchema, UserSchema } from "../../api/schemas/user.ts";
import { apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

apiTest("the admin's account carries the wildcard permission and is not read-only", async (h) => {
  const answer = await h.call("GET", "/users/admin");
  assert.equal(answer.status, 200);
  const admin = assertSchema(UserSchema, answer.body);
  assert.equal(admin.username, "admin");
  assert.deepEqual(admin.permissions, ["*"]);
  assert.deepEqual(admin.roles, ["Admin"]);
  assert.equal(admin.read_only, false);
  assert.equal(admin.session_active, true);
});

apiTest("the reader sees its own read-only account with the Reader role's permissions", async (h) => {
  const answer = await h.call("GET", "/users/reader", { cookie: h.readerCookie });
  assert.equal(answer.status, 200);
  const reader = assertSchema(UserSchema, answer.body);
  assert.equal(reader.read_only, true);
  assert.deepEqual(reader.roles, ["Reader"]);
  assert.ok(reader.permissions.includes("metrics:read"), "role permissions are merged in");
  assert.ok(reader.permissions.includes("users:read:reader"), "own permissions are kept");
  assert.ok(!reader.permissions.includes("*"));
  assert.deepEqual(reader.permissions, [...reader.permissions].sort(), "permissions are listed sorted");
});

apiTest("an unknown user is not found", async (h) => {
  const answer = await h.call("GET", "/users/nobody");
  assert.equal(answer.status, 404);
  assert.deepEqual(answer.body, { type: "ApiError", message: "Couldn't find user nobody" });
  assert.equal((await h.call("GET", "/users/nobody/preferences")).status, 404);
  assert.equal((await h.call("PUT", "/users/nobody/preferences", { body: { preferences: {} } })).status, 404);
  assert.equal((await h.call("PUT", "/users/nobody", { body: { full_name: "X" } })).status, 404);
});

apiTest("saved preferences read back the same, and 'true'/'false' strings become booleans", async (h) => {
  const saved = await h.call("PUT", "/users/admin/preferences", {
    body: { preferences: { enableSmartSearch: "true", updateUnfocussed: "false", themeMode: "noir", searchSidebarIsPinned: true, dashboardSidebarIsPinned: false, perPage: 50, none: null } },
  });
  assert.equal(saved.status, 204);
  assert.equal(saved.body, null);
  const expected = { enableSmartSearch: true, updateUnfocussed: false, themeMode: "noir", searchSidebarIsPinned: true, dashboardSidebarIsPinned: false, perPage: 50, none: null };
  const read = await h.call("GET", "/users/admin/preferences");
  assert.equal(read.status, 200);
  assert.deepEqual(assertSchema(PreferencesBodySchema, read.body), { preferences: expected });
  assert.deepEqual(assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body).preferences, expected);
});

apiTest("saving preferences replaces the previous set", async (h) => {
  await h.call("PUT", "/users/admin/preferences", { body: { preferences: { a: "1", b: "2" } } });
  await h.call("PUT", "/users/admin/preferences", { body: { preferences: { c: "3" } } });
  assert.deepEqual((await h.call("GET", "/users/admin/preferences")).body, { preferences: { c: "3" } });
});

apiTest("malformed preferences are refused with 400 naming the field, and nothing is saved", async (h) => {
  await h.call("PUT", "/users/admin/preferences", { body: { preferences: { themeMode: "teint" } } });
  const cases: [unknown, RegExp][] = [
    [{}, /request body: preferences:/],
    [{ preferences: "dark" }, /preferences: .*expected record/],
    [{ preferences: { nested: { deep: 1 } } }, /preferences\.nested:/],
    [{ preferences: { list: [1, 2] } }, /preferences\.list:/],
    [{ preferences: {}, themeMode: "noir" }, /Unrecognized key: "themeMode"/],
    ["not json", /Malformed JSON in request body/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("PUT", "/users/admin/preferences", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
  }
  assert.deepEqual((await h.call("GET", "/users/admin/preferences")).body, { preferences: { themeMode: "teint" } });
});

apiTest("the read-only reader cannot save preferences (403) and its preferences stay unchanged", async (h) => {
  const before = (await h.call("GET", "/users/reader/preferences", { cookie: h.readerCookie })).body;
  assert.deepEqual(before, { preferences: {} });
  const answer = await h.call("PUT", "/users/reader/preferences", { body: { preferences: { themeMode: "noir" } }, cookie: h.readerCookie });
  assert.equal(answer.status, 403);
  assert.deepEqual(answer.body, FORBIDDEN_BODY);
  assert.deepEqual((await h.call("GET", "/users/reader/preferences", { cookie: h.readerCookie })).body, before);
});

apiTest("even the admin cannot save preferences of a read-only user", async (h) => {
  const answer = await h.call("PUT", "/users/reader/preferences", { body: { preferences: { themeMode: "noir" } } });
  assert.equal(answer.status, 403);
  assert.match(messageOf(answer.body), /read-only/);
  assert.deepEqual((await h.call("GET", "/users/reader/preferences")).body, { preferences: {} });
});

apiTest("the reader cannot read another user's account or preferences", async (h) => {
  for (const path of ["/users/admin", "/users/admin/preferences"]) {
    const answer = await h.call("GET", path, { cookie: h.readerCookie });
    assert.equal(answer.status, 403, path);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
});

apiTest("a start page and profile change are saved and shown on the user", async (h) => {
  const answer = await h.call("PUT", "/users/admin", {
    body: { startpage: { type: "dashboard", id: "62b0c7f1e4b0a1d2c3e4f5a6" }, full_name: "Ada Admin", email: "ada@example.org" },
  });
  assert.equal(answer.status, 204);
  const admin = assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body);
  assert.deepEqual(admin.startpage, { type: "dashboard", id: "62b0c7f1e4b0a1d2c3e4f5a6" });
  assert.equal(admin.full_name, "Ada Admin");
  assert.equal(admin.email, "ada@example.org");
  assert.equal((await h.call("PUT", "/users/admin", { body: { startpage: null } })).status, 204);
  const cleared = assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body);
  assert.equal(cleared.startpage, null);
  assert.equal(cleared.full_name, "Ada Admin", "fields left out stay as they were");
});

apiTest("malformed user changes are refused with 400 naming the field, and nothing changes", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ email: "not-an-address" }, /email: email must be a valid e-mail address/],
    [{ startpage: { type: "widget", id: "x" } }, /startpage\.type:/],
    [{ startpage: { type: "dashboard", id: "" } }, /startpage\.id:/],
    [{ full_name: "" }, /full_name:/],
    [{ full_name: 7 }, /full_name: .*expected string/],
    [{ username: "root" }, /Unrecognized key: "username"/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("PUT", "/users/admin", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
  }
  const admin = assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body);
  assert.equal(admin.full_name, "Administrator");
  assert.equal(admin.email, "admin@sluice.local");
  assert.equal(admin.startpage, null);
});

apiTest("the reader cannot change its own start page", async (h) => {
  const answer = await h.call("PUT", "/users/reader", { body: { startpage: { type: "stream", id: "000000000000000000000001" } }, cookie: h.readerCookie });
  assert.equal(answer.status, 403);
  assert.deepEqual(answer.body, FORBIDDEN_BODY);
  assert.equal(assertSchema(UserSchema, (await h.call("GET", "/users/reader", { cookie: h.readerCookie })).body).startpage, null);
});
