import assert from "node:assert/strict";
import { AccessTokenListSchema, AccessTokenSchema } from "../../api/schemas/access-tokens.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { UserListSchema, UserPageSchema, UserSchema } from "../../api/schemas/user.ts";
import { apiSuite, type ApiHarness, basicAuth, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("user administration and access tokens");
const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

const NEW_USER = {
  username: "bob",
  password: "bobs-secret",
  email: "bob@example.com",
  first_name: "Bob",
  last_name: "Builder",
  roles: ["Reader"],
  timezone: "Europe/Berlin",
  session_timeout_ms: 3600_000,
};

async function user(h: ApiHarness, username: string) {
  const answer = await h.call("GET", `/users/${username}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(UserSchema, answer.body);
}

suite.test("an administrator creates a user with a role; the answer is 201 with the user's address", async (h) => {
  const answer = await h.call("POST", "/users", { body: NEW_USER });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  assert.equal(answer.body, null);
  const bob = await user(h, "bob");
  assert.equal(answer.headers.get("Location"), `/users/id/${bob.id}`);
  assert.equal(bob.full_name, "Bob Builder", "the full name is made of the first and last names");
  assert.deepEqual(bob.roles, ["Reader"]);
  assert.equal(bob.timezone, "Europe/Berlin");
  assert.equal(bob.session_timeout_ms, 3600_000);
  assert.equal(bob.account_status, "enabled");
  assert.equal(bob.read_only, false);
  assert.equal(bob.service_account, false);
  assert.ok(bob.permissions.includes("streams:read:000000000000000000000001"), "the Reader role's permissions");
  assert.ok(bob.permissions.includes("users:edit:bob") && bob.permissions.includes("users:tokencreate:bob"), "rights on the own account");
  assert.ok(!bob.permissions.includes("users:list"));
});

suite.test("the new user signs in with the password and is who the session says", async (h) => {
  const cookie = await h.login("bob", "bobs-secret");
  assert.deepEqual((await h.call("GET", "/system/sessions", { cookie })).body, {
    is_valid: true,
    session_id: cookie.split("=")[1],
    username: "bob",
  });
  assert.equal((await h.call("GET", "/users/bob", { cookie })).status, 200, "a user reads their own account");
  assert.deepEqual((await h.call("GET", "/users/admin", { cookie })).body, FORBIDDEN_BODY, "but no one else's");
  assert.equal((await h.call("GET", "/users", { cookie })).status, 403, "nor the user list");
});

suite.test("a taken username, an unknown role and malformed fields are refused with 400 naming the field", async (h) => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ ...NEW_USER, username: "BOB" }, /User BOB already exists/],
    [{ ...NEW_USER, username: "carol", roles: ["Reader", "Wizard"] }, /Unknown roles: Wizard/],
    [{ ...NEW_USER, username: "carol", password: "short" }, /password must be at least 6 characters/],
    [{ ...NEW_USER, username: "carol", email: "not-an-address" }, /email must be a valid e-mail address/],
    [{ ...NEW_USER, username: "carol", timezone: "Mars/Olympus" }, /timezone must be a known time zone/],
    [{ ...NEW_USER, username: "carol", session_timeout_ms: 5 }, /session_timeout_ms must be at least 60000/],
    [{ ...NEW_USER, username: "car ol" }, /username must not contain spaces/],
    [{ ...NEW_USER, username: undefined }, /username is required/],
    [{ ...NEW_USER, username: "carol", admin: true }, /Unrecognized key: "admin"/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/users", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
  }
  assert.equal((await h.call("GET", "/users/carol")).status, 404, "nothing was created");
});

suite.test("the user list has every user, sessions only on request; the paged list sorts by full name", async (h) => {
  const all = assertSchema(UserListSchema, (await h.call("GET", "/users")).body);
  assert.deepEqual(all.users.map((u) => u.username), ["admin", "bob", "reader"]);
  assert.ok(all.users.every((u) => u.last_activity === null && u.client_address === null), "no session details unless asked");
  assert.ok(all.users.find((u) => u.username === "bob")!.permissions.length > 0, "permissions by default");
  const withSessions = assertSchema(UserListSchema, (await h.call("GET", "/users?include_sessions=true&include_permissions=false")).body);
  const admin = withSessions.users.find((u) => u.username === "admin")!;
  assert.equal(admin.session_active, true);
  assert.ok(admin.last_activity);
  assert.deepEqual(admin.permissions, []);
  assert.equal((await h.call("GET", "/users?include_sessions=maybe")).status, 400);

  const page = assertSchema(UserPageSchema, (await h.call("GET", "/users/paginated")).body);
  assert.deepEqual(page.users.map((u) => u.full_name), ["Administrator", "Bob Builder", "Rita Reader"]);
  assert.deepEqual(page.pagination, { total: 3, count: 3, page: 1, per_page: 50 });
  const searched = assertSchema(UserPageSchema, (await h.call("GET", "/users/paginated?query=builder&sort=username&order=desc")).body);
  assert.deepEqual(searched.users.map((u) => u.username), ["bob"]);
  assert.equal(searched.users[0].session_active, true, "bob signed in before");
  const bad = await h.call("GET", "/users/paginated?sort=password");
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /sort must be one of full_name, username, email, last_activity/);
});

suite.test("a user is found by id; an unknown id is 404", async (h) => {
  const bob = await user(h, "bob");
  assert.deepEqual(assertSchema(UserSchema, (await h.call("GET", `/users/id/${bob.id}`)).body).username, "bob");
  assert.equal((await h.call("GET", "/users/id/0123456789abcdef01234567")).status, 404);
  assert.deepEqual((await h.call("GET", `/users/id/${bob.id}`, { cookie: h.readerCookie })).body, FORBIDDEN_BODY);
});

suite.test("an administrator changes a user's profile, roles and settings", async (h) => {
  const answer = await h.call("PUT", "/users/bob", {
    body: { first_name: "Robert", last_name: "Builder", email: "robert@example.com", roles: ["Reader", "Admin"], timezone: "", session_timeout_ms: 7200_000 },
  });
  assert.equal(answer.status, 204, JSON.stringify(answer.body));
  const bob = await user(h, "bob");
  assert.equal(bob.full_name, "Robert Builder");
  assert.equal(bob.email, "robert@example.com");
  assert.deepEqual(bob.roles, ["Reader", "Admin"]);
  assert.equal(bob.timezone, null);
  assert.equal(bob.session_timeout_ms, 7200_000);
  assert.ok(bob.permissions.includes("*"));
  assert.equal((await h.call("PUT", "/users/bob", { body: { roles: ["Reader"] } })).status, 204);
  const unknownRole = await h.call("PUT", "/users/bob", { body: { roles: ["Nope"] } });
  assert.equal(unknownRole.status, 400);
  assert.match(messageOf(unknownRole.body), /Unknown roles: Nope/);
});

suite.test("a user edits their own profile but not their roles, permissions or session timeout", async (h) => {
  const cookie = await h.login("bob", "bobs-secret");
  assert.equal((await h.call("PUT", "/users/bob", { cookie, body: { full_name: "Bobby" } })).status, 204);
  assert.equal((await user(h, "bob")).full_name, "Bobby");
  for (const body of [{ roles: ["Admin"] }, { permissions: ["*"] }, { session_timeout_ms: 600_000 }]) {
    const answer = await h.call("PUT", "/users/bob", { cookie, body });
    assert.equal(answer.status, 403, JSON.stringify(body));
  }
  assert.deepEqual((await user(h, "bob")).roles, ["Reader"], "unchanged");
});

suite.test("permissions held directly are replaced and revoked; the roles' stay", async (h) => {
  assert.equal((await h.call("PUT", "/users/bob/permissions", { body: { permissions: ["streams:read:abc", "dashboards:create"] } })).status, 204);
  let bob = await user(h, "bob");
  assert.ok(bob.permissions.includes("streams:read:abc") && bob.permissions.includes("dashboards:create"));
  assert.equal((await h.call("DELETE", "/users/bob/permissions")).status, 204);
  bob = await user(h, "bob");
  assert.ok(!bob.permissions.includes("streams:read:abc"));
  assert.ok(bob.permissions.includes("searches:relative"), "role permissions remain");
  const bad = await h.call("PUT", "/users/bob/permissions", { body: { permissions: "all" } });
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /permissions/);
  assert.deepEqual((await h.call("PUT", "/users/bob/permissions", { cookie: h.readerCookie, body: { permissions: [] } })).body, FORBIDDEN_BODY);
});

suite.test("changing one's own password needs the old one; an administrator sets another's without it", async (h) => {
  const cookie = await h.login("bob", "bobs-secret");
  const withoutOld = await h.call("PUT", "/users/bob/password", { cookie, body: { password: "new-secret" } });
  assert.equal(withoutOld.status, 403);
  assert.match(messageOf(withoutOld.body), /old password is missing or wrong/);
  assert.equal((await h.call("PUT", "/users/bob/password", { cookie, body: { old_password: "wrong", password: "new-secret" } })).status, 403);
  assert.equal((await h.call("PUT", "/users/bob/password", { cookie, body: { old_password: "bobs-secret", password: "new-secret" } })).status, 204);
  await h.login("bob", "new-secret");
  assert.equal((await h.call("PUT", "/users/bob/password", { body: { password: "admin-set" } })).status, 204, "admin needs no old password");
  await h.login("bob", "admin-set");
  const short = await h.call("PUT", "/users/bob/password", { body: { password: "abc" } });
  assert.equal(short.status, 400);
  assert.match(messageOf(short.body), /password must be at least 6 characters/);
  assert.deepEqual((await h.call("PUT", "/users/admin/password", { cookie, body: { password: "hijacked" } })).body, FORBIDDEN_BODY);
});

suite.test("an access token is shown once, listed without its secret, and signs calls in as token:token", async (h) => {
  const created = await h.call("POST", "/users/bob/tokens/ci-pipeline", { body: {} });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const token = assertSchema(AccessTokenSchema, created.body);
  assert.equal(token.name, "ci-pipeline");
  assert.equal(token.last_access, "1970-01-01T00:00:00.000Z", "never used yet");
  const asToken = await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth(token.token, "token") });
  assert.equal(asToken.status, 200);
  assert.equal(assertSchema(UserSchema, asToken.body).username, "bob");
  assert.deepEqual((await h.call("GET", "/system/sessions", { cookie: null, headers: basicAuth(token.token, "token") })).body, {
    is_valid: true,
    session_id: null,
    username: "bob",
  });
  const listed = assertSchema(AccessTokenListSchema, (await h.call("GET", "/users/bob/tokens")).body);
  assert.deepEqual(listed.tokens.map((t) => t.name), ["ci-pipeline"]);
  assert.ok(!JSON.stringify(listed).includes(token.token), "the secret is never listed");
  assert.notEqual(listed.tokens[0].last_access, "1970-01-01T00:00:00.000Z", "its use is noted");
  assert.equal((await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth("not-a-token", "token") })).status, 401);
  assert.equal((await h.call("POST", "/users/bob/tokens/x", { cookie: null, headers: basicAuth(token.token, "token") })).status, 200,
    "a token may call state-changing operations too");
});

suite.test("a revoked token stops working at once", async (h) => {
  const token = assertSchema(AccessTokenSchema, (await h.call("POST", "/users/bob/tokens/short-lived")).body);
  assert.equal((await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth(token.token, "token") })).status, 200);
  assert.equal((await h.call("DELETE", `/users/bob/tokens/${token.id}`)).status, 204);
  assert.equal((await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth(token.token, "token") })).status, 401);
  assert.equal((await h.call("DELETE", `/users/bob/tokens/${token.id}`)).status, 404);
  assert.deepEqual((await h.call("GET", "/users/admin/tokens", { cookie: h.readerCookie })).body, FORBIDDEN_BODY, "no one else's tokens");
});

suite.test("disabling a user stops their sessions and tokens at once; enabling lets them sign in again", async (h) => {
  const cookie = await h.login("bob", "admin-set");
  const token = assertSchema(AccessTokenSchema, (await h.call("POST", "/users/bob/tokens/nightly")).body);
  assert.equal((await h.call("PUT", "/users/bob/status/disabled")).status, 204);
  assert.equal((await user(h, "bob")).account_status, "disabled");
  assert.equal((await h.call("GET", "/users/bob", { cookie })).status, 401, "the session ended");
  assert.equal((await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth(token.token, "token") })).status, 401, "the token stopped");
  assert.equal((await h.call("POST", "/system/sessions", { cookie: null, body: { username: "bob", password: "admin-set" } })).status, 401);
  assert.equal((await h.call("PUT", "/users/bob/status/enabled")).status, 204);
  await h.login("bob", "admin-set");
  assert.equal((await h.call("GET", "/users/bob", { cookie: null, headers: basicAuth(token.token, "token") })).status, 200, "the token works again");
  const bad = await h.call("PUT", "/users/bob/status/asleep");
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /status must be enabled or disabled/);
});

suite.test("the authentication service's enable and disable calls work by user id", async (h) => {
  const bob = await user(h, "bob");
  assert.equal((await h.call("POST", `/system/authentication/users/${bob.id}/disable`)).status, 204);
  assert.equal((await user(h, "bob")).account_status, "disabled");
  assert.equal((await h.call("POST", `/system/authentication/users/${bob.id}/enable`)).status, 204);
  assert.equal((await user(h, "bob")).account_status, "enabled");
  assert.deepEqual((await h.call("POST", `/system/authentication/users/${bob.id}/disable`, { cookie: h.readerCookie })).body, FORBIDDEN_BODY);
});

suite.test("the built-in administrator cannot be deleted or disabled, and nobody removes or disables themselves", async (h) => {
  const bobCookie = await h.login("bob", "admin-set");
  await h.call("PUT", "/users/bob", { body: { roles: ["Admin"] } });
  const admin = await user(h, "admin");
  for (const [method, path] of [["DELETE", "/users/admin"], ["PUT", "/users/admin/status/disabled"], ["DELETE", `/users/id/${admin.id}`]] as const) {
    const answer = await h.call(method, path, { cookie: bobCookie });
    assert.equal(answer.status, 400, `${method} ${path}`);
    assert.match(messageOf(answer.body), /built-in administrator cannot be (deleted|disabled)/);
  }
  const self = await h.call("DELETE", "/users/bob", { cookie: bobCookie });
  assert.equal(self.status, 400);
  assert.match(messageOf(self.body), /You cannot delete your own account/);
  assert.equal((await user(h, "admin")).account_status, "enabled");
});

suite.test("the read-only reader cannot be changed", async (h) => {
  const answer = await h.call("PUT", "/users/reader", { body: { full_name: "Changed" } });
  assert.equal(answer.status, 403);
  assert.match(messageOf(answer.body), /read-only/);
});

suite.test("deleting a user ends their sessions and tokens; the name is free again", async (h) => {
  const cookie = await h.login("bob", "admin-set");
  const token = assertSchema(AccessTokenSchema, (await h.call("POST", "/users/bob/tokens/last")).body);
  assert.equal((await h.call("DELETE", "/users/bob")).status, 204);
  assert.equal((await h.call("GET", "/users/bob")).status, 404);
  assert.deepEqual((await h.call("GET", "/system/sessions", { cookie })).body, { is_valid: false, session_id: null, username: null });
  assert.equal((await h.call("GET", "/users/admin", { cookie: null, headers: basicAuth(token.token, "token") })).status, 401);
  assert.equal((await h.call("DELETE", "/users/bob")).status, 404);
  assert.equal((await h.call("POST", "/users", { body: { ...NEW_USER, roles: [] } })).status, 201);
  assert.deepEqual(assertSchema(AccessTokenListSchema, (await h.call("GET", "/users/bob/tokens")).body).tokens, [], "no token came back");
});

suite.test("the reader may neither list, create nor delete users", async (h) => {
  for (const [method, path, body] of [["GET", "/users/paginated", undefined], ["POST", "/users", { ...NEW_USER, username: "eve" }], ["DELETE", "/users/bob", undefined]] as const) {
    assert.deepEqual((await h.call(method, path, { cookie: h.readerCookie, body })).body, FORBIDDEN_BODY, `${method} ${path}`);
  }
});
