import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { listedSessionId } from "../../api/listed-session-id.ts";
import { RoleSchema } from "../../api/schemas/roles.ts";
import { ActiveSessionListSchema } from "../../api/schemas/session.ts";
import { EntityShareResponseSchema, PaginatedEntitySharesSchema } from "../../api/schemas/shares.ts";
import { TeamListSchema, TeamPageSchema, TEAMS_PATH, TeamSchema } from "../../api/schemas/teams.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { DEFAULT_INDEX_SET_ID, WEB_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("teams and shares through teams");
const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;
const userNamed = async (h: Parameters<Parameters<typeof suite.test>[1]>[0], username: string) =>
  assertSchema(UserSchema, (await h.call("GET", `/users/${username}`)).body);

suite.test("a team is created with members and roles, listed, read, renamed and its name must be new", async (h) => {
  const reader = await userNamed(h, "reader");
  const created = await h.call("POST", TEAMS_PATH, { body: { name: "Operations", description: "Night shift", users: [reader.id] } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const team = assertSchema(TeamSchema, created.body);
  assert.deepEqual({ ...team, id: "" }, { id: "", name: "Operations", description: "Night shift", users: [reader.id], roles: [] });
  assert.deepEqual((await h.call("GET", `${TEAMS_PATH}/${team.id}`)).body, team);
  const page = assertSchema(TeamPageSchema, (await h.call("GET", `${TEAMS_PATH}?query=night`)).body);
  assert.deepEqual(page.teams.map((t) => t.name), ["Operations"]);
  assert.equal(page.pagination.total, 1);
  assert.deepEqual(assertSchema(TeamListSchema, (await h.call("GET", `${TEAMS_PATH}/user/${reader.id}`)).body).teams.map((t) => t.name), ["Operations"]);
  const again = await h.call("POST", TEAMS_PATH, { body: { name: "operations" } });
  assert.equal(again.status, 400);
  assert.match(messageOf(again.body), /A team named operations already exists/);
  const renamed = await h.call("PUT", `${TEAMS_PATH}/${team.id}`, { body: { ...team, name: "Ops" } });
  assert.equal(renamed.status, 400, "the body is strict: an id field is refused");
  const ok = await h.call("PUT", `${TEAMS_PATH}/${team.id}`, { body: { name: "Ops", description: "Night shift", users: [reader.id], roles: [] } });
  assert.equal(assertSchema(TeamSchema, ok.body).name, "Ops");
});

suite.test("bad team bodies get a 400 naming the field; unknown users and roles are refused", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{}, /name: name is required/],
    [{ name: " " }, /name: name must not be empty/],
    [{ name: "x", users: "all" }, /users/],
    [{ name: "x", users: ["nobody"] }, /users: unknown user ids nobody/],
    [{ name: "x", roles: ["0123456789abcdef01234567"] }, /roles: unknown role ids 0123456789abcdef01234567/],
    [{ name: "x", colour: "red" }, /colour/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", TEAMS_PATH, { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
  }
  assert.equal((await h.call("GET", `${TEAMS_PATH}/0123456789abcdef01234567`)).status, 404);
});

suite.test("a team's roles reach its members, and leave them when they leave the team", async (h) => {
  const role = assertSchema(RoleSchema, (await h.call("POST", "/roles", { body: { name: "Web watcher", permissions: [`streams:read:${WEB_STREAM_ID}`] } })).body);
  const team = assertSchema(TeamPageSchema, (await h.call("GET", TEAMS_PATH)).body).teams[0];
  const reader = await userNamed(h, "reader");
  assert.ok(!reader.permissions.includes(`streams:read:${WEB_STREAM_ID}`));
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 403);
  await h.call("PUT", `${TEAMS_PATH}/${team.id}`, { body: { name: team.name, description: team.description, users: team.users, roles: [role.id] } });
  assert.ok((await userNamed(h, "reader")).permissions.includes(`streams:read:${WEB_STREAM_ID}`));
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 200);
  assert.equal((await h.call("DELETE", `${TEAMS_PATH}/${team.id}/users/${reader.id}`)).status, 204);
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 403);
  const added = assertSchema(TeamSchema, (await h.call("PUT", `${TEAMS_PATH}/${team.id}/users`, { body: [reader.id] })).body);
  assert.deepEqual(added.users, [reader.id]);
});

suite.test("a stream shared with a team is readable by its members only while shared, and listed as their share", async (h) => {
  const team = assertSchema(TeamPageSchema, (await h.call("GET", TEAMS_PATH)).body).teams[0];
  await h.call("PUT", `${TEAMS_PATH}/${team.id}`, { body: { name: team.name, description: "", users: team.users, roles: [] } });
  const grn = `grn::::stream:${WEB_STREAM_ID}`;
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 403);
  const prepared = assertSchema(EntityShareResponseSchema, (await h.call("POST", `/authz/shares/entities/${grn}/prepare`, { body: {} })).body);
  assert.ok(prepared.available_grantees.some((g) => g.type === "team" && g.title === "Ops"), "teams are grantees");
  const teamGrn = `grn::::team:${team.id}`;
  const admin = await userNamed(h, "admin");
  const adminOwns = { [`grn::::user:${admin.id}`]: "own" };
  const shared = await h.call("POST", `/authz/shares/entities/${grn}`, { body: { selected_grantee_capabilities: { [teamGrn]: "view", ...adminOwns } } });
  assert.equal(shared.status, 200, JSON.stringify(shared.body));
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 200);
  assert.equal((await h.call("PUT", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie, body: { title: "Mine now" } })).status, 403, "view does not allow editing");
  const reader = await userNamed(h, "reader");
  const shares = assertSchema(PaginatedEntitySharesSchema, (await h.call("GET", `/authz/shares/user/${reader.id}`, { cookie: h.readerCookie })).body);
  assert.deepEqual(shares.entities.filter((e) => e.type === "stream").map((e) => [e.id, e.title, e.owners.map((o) => o.grn)]), [[grn, "Web traffic", [`grn::::user:${admin.id}`]]]);
  assert.equal(shares.context.user_capabilities[grn], "view");
  assert.equal((await h.call("GET", `/authz/shares/user/${admin.id}`, { cookie: h.readerCookie })).status, 403);
  assert.equal((await h.call("DELETE", `${TEAMS_PATH}/${team.id}`)).status, 204);
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, { cookie: h.readerCookie })).status, 403, "a deleted team's shares end");
  const after = assertSchema(EntityShareResponseSchema, (await h.call("POST", `/authz/shares/entities/${grn}/prepare`, { body: {} })).body);
  assert.deepEqual(Object.keys(after.selected_grantee_capabilities), [`grn::::user:${admin.id}`]);
});

suite.test("the sharing configuration takes Everyone and single users out of the choice", async (h) => {
  const config = "org.graylog2.users.UserAndTeamsConfig";
  assert.deepEqual((await h.call("GET", `/system/cluster_config/${config}`)).body, { allow_sharing_with_everyone: true, allow_sharing_with_users: true });
  assert.equal((await h.call("PUT", `/system/cluster_config/${config}`, { body: { allow_sharing_with_everyone: false, allow_sharing_with_users: true } })).status, 200);
  const grn = `grn::::stream:${WEB_STREAM_ID}`;
  const prepared = assertSchema(EntityShareResponseSchema, (await h.call("POST", `/authz/shares/entities/${grn}/prepare`, { body: {} })).body);
  assert.ok(!prepared.available_grantees.some((g) => g.type === "global"));
  const refused = await h.call("POST", `/authz/shares/entities/${grn}`, { body: { selected_grantee_capabilities: { "grn::::builtin-team:everyone": "own" } } });
  assert.equal(refused.status, 400);
  assert.match(messageOf(refused.body), /selected_grantee_capabilities: no grantee grn::::builtin-team:everyone/);
  await h.call("PUT", `/system/cluster_config/${config}`, { body: { allow_sharing_with_everyone: true, allow_sharing_with_users: true } });
});

suite.test("the reader may not manage teams", async (h) => {
  for (const [method, path] of [["GET", TEAMS_PATH], ["POST", TEAMS_PATH]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie, body: method === "POST" ? { name: "Mine" } : undefined });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
});

suite.test("administrators list open sessions (never their ids) and end another user's session", async (h) => {
  const cookie = await h.login("reader", "reader");
  const list = assertSchema(ActiveSessionListSchema, (await h.call("GET", "/system/sessions/active")).body);
  const sessionId = cookie.split("=")[1];
  assert.ok(!JSON.stringify(list).includes(sessionId), "the list must not hand out session ids");
  const readers = list.sessions.filter((session) => session.username === "reader");
  assert.ok(readers.length >= 1);
  assert.equal((await h.call("GET", "/system/sessions/active", { cookie: h.readerCookie })).status, 403);
  const others = list.sessions.find((session) => session.username === "admin")!;
  assert.equal((await h.call("DELETE", `/system/sessions/${others.id}`, { cookie })).status, 403, "a reader may not end the admin's session");
  const listed = listedSessionId(sessionId);
  assert.ok(readers.some((session) => session.id === listed));
  assert.equal((await h.call("DELETE", `/system/sessions/${listed}`)).status, 204);
  assert.deepEqual((await h.call("GET", "/system/sessions", { cookie })).body, { is_valid: false, session_id: null, username: null });
  assert.equal(((await h.call("GET", "/system/sessions", { cookie: h.readerCookie })).body as { is_valid: boolean }).is_valid, true, "the reader's other session goes on");
  assert.equal((await h.call("DELETE", `/system/sessions/${listed}`)).status, 404);
});

suite.test("the global session timeout applies to every session, open ones included", async (h) => {
  const config = "org.graylog2.users.UserConfiguration";
  assert.deepEqual((await h.call("GET", `/system/cluster_config/${config}`)).body, { enable_global_session_timeout: false, global_session_timeout_interval: "PT1H" });
  const bad = await h.call("PUT", `/system/cluster_config/${config}`, { body: { enable_global_session_timeout: true, global_session_timeout_interval: "PT1S" } });
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /global_session_timeout_interval/);
  const cookie = await h.login("reader", "reader");
  const before = assertSchema(ActiveSessionListSchema, (await h.call("GET", "/system/sessions/active")).body).sessions.find((s) => s.username === "reader")!;
  assert.equal(Date.parse(before.valid_until) - Date.parse(before.last_access), 8 * 3600_000);
  assert.equal((await h.call("PUT", `/system/cluster_config/${config}`, { body: { enable_global_session_timeout: true, global_session_timeout_interval: "PT2M" } })).status, 200);
  const after = assertSchema(ActiveSessionListSchema, (await h.call("GET", "/system/sessions/active")).body).sessions.find((s) => s.username === "reader")!;
  assert.equal(Date.parse(after.valid_until) - Date.parse(after.last_access), 120_000);
  const login = await h.call("POST", "/system/sessions", { body: { username: "reader", password: "reader" }, cookie: null });
  const validUntil = Date.parse((login.body as { valid_until: string }).valid_until);
  assert.ok(Math.abs(validUntil - Date.now() - 120_000) < 5_000, "a new session gets the global timeout");
  assert.equal((await h.call("GET", "/system/sessions", { cookie })).status, 200);
  await h.call("PUT", `/system/cluster_config/${config}`, { body: { enable_global_session_timeout: false, global_session_timeout_interval: "PT1H" } });
});

suite.test("a Stream Creator owns the streams they create: reads and shares them, while others may not", async (h) => {
  const body = { username: "sam", password: "sams-secret", email: "sam@example.com", full_name: "Sam Streams", roles: ["Reader", "Stream Creator"] };
  assert.equal((await h.call("POST", "/users", { body })).status, 201);
  const cookie = await h.login("sam", "sams-secret");
  const created = await h.call("POST", "/streams", {
    cookie,
    body: { title: "Sam's stream", description: "", index_set_id: DEFAULT_INDEX_SET_ID, matching_type: "AND", remove_matches_from_default_stream: false, rules: [] },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const streamId = (created.body as { stream_id: string }).stream_id;
  assert.equal((await h.call("GET", `/streams/${streamId}`, { cookie })).status, 200);
  const prepared = await h.call("POST", `/authz/shares/entities/grn::::stream:${streamId}/prepare`, { cookie, body: {} });
  assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
  assert.deepEqual(Object.values(assertSchema(EntityShareResponseSchema, prepared.body).selected_grantee_capabilities), ["own"]);
  assert.equal((await h.call("GET", `/streams/${streamId}`, { cookie: h.readerCookie })).status, 403);
  const readerShare = await h.call("POST", `/authz/shares/entities/grn::::stream:${streamId}/prepare`, { cookie: h.readerCookie, body: {} });
  assert.equal(readerShare.status, 404, "an entity the caller may not see is not confirmed to exist");
});
