import assert from "node:assert/strict";
import { createServer } from "node:net";
import { BackendAnswerSchema, BackendTestResultSchema, BackendUsersSchema, GroupSyncAnswerSchema } from "../../api/schemas/authentication.ts";
import { RecentLogMessagesSchema } from "../../api/schemas/logging.ts";
import { RoleListSchema } from "../../api/schemas/roles.ts";
import { TeamPageSchema, TEAMS_PATH } from "../../api/schemas/teams.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { ADMIN_PASSWORD, apiSuite, sessionCookieOf } from "../helpers/api-harness.ts";
import { startTestDirectory, type TestDirectory } from "../helpers/ldap-directory.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("signing in through a directory");
const BACKENDS = "/system/authentication/services/backends";
const CONFIGURATION = "/system/authentication/services/configuration";
const GROUP_SYNC = "/plugins/org.graylog.plugins.security/authentication/services/group-sync/backend";

let directory: TestDirectory;
let backendId = "";

function directoryBackend(port: number, defaultRoles: string[]) {
  return {
    title: "Office directory",
    description: "",
    default_roles: defaultRoles,
    config: {
      type: "ldap",
      servers: [{ host: "127.0.0.1", port }],
      transport_security: "none",
      verify_certificates: false,
      system_user_dn: directory.systemDn,
      system_user_password: { set_value: directory.systemPassword },
      user_search_base: `ou=people,${directory.baseDn}`,
      user_search_pattern: "(&(objectClass=inetOrgPerson)(uid={0}))",
      user_name_attribute: "uid",
      user_full_name_attribute: "cn",
    },
  };
}

async function roleId(h: Parameters<Parameters<typeof suite.test>[1]>[0], name: string): Promise<string> {
  const roles = assertSchema(RoleListSchema, (await h.call("GET", "/roles")).body).roles;
  return roles.find((role) => role.name === name)!.id;
}

const signIn = (h: Parameters<Parameters<typeof suite.test>[1]>[0], username: string, password: string) =>
  h.call("POST", "/system/sessions", { body: { username, password }, cookie: null });

suite.test("a directory user cannot sign in while no backend is active", async (h) => {
  directory = await startTestDirectory([
    { uid: "alice", cn: "Alice Archer", mail: "alice@example.org", password: "wonderland", groups: ["ops", "dev"] },
    { uid: "bob", cn: "Bob Builder", mail: "bob@example.org", password: "canwefixit", groups: ["dev"] },
  ]);
  const created = await h.call("POST", BACKENDS, { body: directoryBackend(directory.port, [await roleId(h, "Reader")]) });
  backendId = assertSchema(BackendAnswerSchema, created.body).backend.id;
  assert.equal((await signIn(h, "alice", "wonderland")).status, 401);
  assert.equal(directory.binds.length, 0, "no directory is asked while none is active");
});

suite.test("group synchronisation is stored, read back and refuses unknown team roles", async (h) => {
  const bad = await h.call("PUT", `${GROUP_SYNC}/${backendId}`, {
    body: { config: { group_search_base: `ou=groups,${directory.baseDn}`, group_search_pattern: "(objectClass=groupOfNames)", team_default_roles: ["nope"] } },
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /team_default_roles/);
  const missing = await h.call("PUT", `${GROUP_SYNC}/${backendId}`, { body: { config: { group_search_pattern: "(objectClass=groupOfNames)" } } });
  assert.equal(missing.status, 400);
  assert.match(JSON.stringify(missing.body), /group_search_base/);

  const saved = await h.call("PUT", `${GROUP_SYNC}/${backendId}`, {
    body: {
      config: {
        group_search_base: `ou=groups,${directory.baseDn}`,
        group_search_pattern: "(objectClass=groupOfNames)",
        team_default_roles: [await roleId(h, "Views Manager")],
        team_selection_type: "include",
        team_selection: ["ops"],
      },
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const read = assertSchema(GroupSyncAnswerSchema, (await h.call("GET", `${GROUP_SYNC}/${backendId}`)).body);
  assert.deepEqual(read.backend.config.team_selection, ["ops"]);
  assert.equal(read.backend.config.team_name_attribute, "cn");
});

suite.test("with the backend active, a directory user signs in, becomes an external user with its default roles and joins the teams of their groups", async (h) => {
  assert.equal((await h.call("POST", CONFIGURATION, { body: { active_backend: backendId } })).status, 200);
  const answer = await signIn(h, "alice", "wonderland");
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(directory.binds.includes(`uid=alice,ou=people,${directory.baseDn}`), "the directory checked alice's password");

  const alice = assertSchema(UserSchema, (await h.call("GET", "/users/alice")).body);
  assert.equal(alice.external, true);
  assert.equal(alice.full_name, "Alice Archer");
  assert.equal(alice.email, "alice@example.org");
  assert.deepEqual(alice.roles, ["Reader"]);
  const asAlice = await h.call("GET", "/users/alice", { cookie: sessionCookieOf(answer.headers) });
  assert.equal(asAlice.status, 200, "the session works");

  const teams = assertSchema(TeamPageSchema, (await h.call("GET", `${TEAMS_PATH}?per_page=100`)).body).teams;
  const ops = teams.find((team) => team.name === "ops");
  assert.ok(ops, "the ops group became a team");
  assert.deepEqual(ops.users, [alice.id]);
  assert.deepEqual(ops.roles, [await roleId(h, "Views Manager")]);
  assert.equal(teams.find((team) => team.name === "dev"), undefined, "dev is not in the selection");

  const users = assertSchema(BackendUsersSchema, (await h.call("GET", `${BACKENDS}/${backendId}/users`)).body);
  assert.deepEqual(users.users.map((user) => user.username), ["alice"]);
  const reader = await roleId(h, "Reader");
  assert.deepEqual(users.users[0].roles, [reader], "roles by id, as Graylog's UserOverviewDTO");
  assert.deepEqual(users.context.roles, { [reader]: { title: "Reader" } });
  assert.deepEqual([users.total, users.page, users.per_page], [1, 1, 50]);
});

suite.test("a wrong password, an unknown user and an empty password are refused; the local admin still signs in", async (h) => {
  assert.equal((await signIn(h, "alice", "not-her-password")).status, 401);
  assert.equal((await signIn(h, "mallory", "wonderland")).status, 401);
  assert.equal((await signIn(h, "bob", "")).status, 400, "an empty password never reaches the directory (an anonymous bind)");
  assert.equal((await signIn(h, "admin", ADMIN_PASSWORD)).status, 200);
  assert.equal((await signIn(h, "admin", "wonderland")).status, 401, "a local user is never checked against the directory");
});

suite.test("a disabled external user is refused although the directory knows the password", async (h) => {
  const alice = assertSchema(UserSchema, (await h.call("GET", "/users/alice")).body);
  assert.equal((await h.call("POST", `/system/authentication/users/${alice.id}/disable`)).status, 204);
  assert.equal((await signIn(h, "alice", "wonderland")).status, 401);
  assert.equal((await h.call("POST", `/system/authentication/users/${alice.id}/enable`)).status, 204);
  assert.equal((await signIn(h, "alice", "wonderland")).status, 200);
});

suite.test("deactivated, the backend no longer signs anyone in", async (h) => {
  assert.equal((await h.call("POST", CONFIGURATION, { body: { active_backend: null } })).status, 200);
  assert.equal((await signIn(h, "alice", "wonderland")).status, 401);
});

suite.test("the wizard's 'Test server connection' and 'Test login' talk to the directory, with the stored password when it is kept", async (h) => {
  const connection = "/system/authentication/services/test/backend/connection";
  const login = "/system/authentication/services/test/backend/login";
  const draft = directoryBackend(directory.port, []);
  const connected = assertSchema(BackendTestResultSchema, (await h.call("POST", connection, { body: { backend_configuration: draft } })).body);
  assert.equal(connected.success, true, JSON.stringify(connected));
  assert.equal(connected.message, `Successfully connected to 127.0.0.1:${directory.port}`);
  const wrongSystem = { ...draft, config: { ...draft.config, system_user_password: { set_value: "not-the-system-password" } } };
  const refused = assertSchema(BackendTestResultSchema, (await h.call("POST", connection, { body: { backend_configuration: wrongSystem } })).body);
  assert.equal(refused.success, false);
  assert.match(refused.errors.join(" "), /credentials/i, `the directory's own refusal is reported: ${JSON.stringify(refused)}`);

  const tryLogin = async (username: string, password: string, configuration: object = draft, backend_id?: string) =>
    assertSchema(
      BackendTestResultSchema,
      (await h.call("POST", login, { body: { backend_id, backend_configuration: configuration, user_login: { username, password: { set_value: password } } } })).body,
    );
  const unknown = await tryLogin("mallory", "x");
  assert.equal(unknown.message, "User <mallory> doesn't exist");
  assert.equal(unknown.result.user_exists, false);
  const wrong = await tryLogin("alice", "not-her-password");
  assert.equal(wrong.success, false);
  assert.equal(wrong.message, "Login for user <alice> failed");
  assert.deepEqual([wrong.result.user_exists, wrong.result.login_success], [true, false]);
  const empty = await tryLogin("alice", "");
  assert.equal(empty.success, false, "an empty password is never an (anonymous) login");
  const right = await tryLogin("alice", "wonderland");
  assert.equal(right.success, true, JSON.stringify(right));
  assert.equal(right.message, `Successfully logged in <alice> into 127.0.0.1:${directory.port}`);
  const details = right.result.user_details as Record<string, string>;
  assert.equal(details.uid, "alice", "values are named by the configured attributes");
  assert.equal(details.cn, "Alice Archer");
  assert.equal(details.email, "alice@example.org");
  assert.equal(details.dn, `uid=alice,ou=people,${directory.baseDn}`);

  // An edited backend's form never has the stored password: keep_value with the backend's id binds with the stored one.
  const kept = { ...draft, config: { ...draft.config, system_user_password: { keep_value: true } } };
  assert.equal((await tryLogin("alice", "wonderland", kept, backendId)).success, true);
  assert.equal((await tryLogin("alice", "wonderland", kept)).success, false, "without a backend there is no stored password to keep");
});

suite.test("a directory that does not answer is logged without the password, and the sign-in refused", async (h) => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const body = directoryBackend(port, []);
  const created = assertSchema(BackendAnswerSchema, (await h.call("POST", BACKENDS, { body: { ...body, title: "Gone" } })).body).backend;
  await h.call("POST", CONFIGURATION, { body: { active_backend: created.id } });
  assert.equal((await signIn(h, "carol", "carols-secret-password")).status, 401);
  const log = assertSchema(RecentLogMessagesSchema, (await h.call("GET", "/system/loggers/messages/recent?limit=5000")).body);
  const lines = JSON.stringify(log.messages);
  assert.match(lines, /Authentication service <Gone> could not check the sign-in of <carol>/);
  assert.ok(!lines.includes("carols-secret-password"), "the user's password is not logged");
  assert.ok(!lines.includes(directory.systemPassword), "the system user password is not logged");
  await h.call("POST", CONFIGURATION, { body: { active_backend: null } });
  await directory.close();
});

suite.test("the HTTP header authenticator signs in the user a loopback proxy names, and nobody else's header counts", async (h) => {
  const fromPeer = (hostname: string, path: string, headers: Record<string, string>) =>
    (h.api as unknown as { request(path: string, init: RequestInit, env: unknown): Promise<Response> }).request(path, { headers }, { remoteAddr: { hostname } });
  assert.equal((await fromPeer("127.0.0.1", "/users/reader", { "X-Remote-User": "reader" })).status, 401, "off by default");
  const saved = await h.call("PUT", "/system/authentication/http-header-auth-config", { body: { enabled: true, username_header: "X-Remote-User" } });
  assert.equal(saved.status, 200);

  assert.equal((await fromPeer("127.0.0.1", "/users/reader", { "X-Remote-User": "reader" })).status, 200);
  assert.equal((await fromPeer("203.0.113.9", "/users/reader", { "X-Remote-User": "reader" })).status, 401, "an untrusted peer's header is ignored");
  assert.equal((await fromPeer("127.0.0.1", "/users/reader", { "X-Remote-User": "nobody" })).status, 401, "an unknown user is nobody");

  const validated = await fromPeer("::1", "/system/sessions", { "X-Remote-User": "reader" });
  const body = await validated.json();
  assert.equal(body.is_valid, true);
  assert.equal(body.username, "reader");
  const cookie = sessionCookieOf(validated.headers);
  assert.equal((await h.call("GET", "/users/reader", { cookie })).status, 200, "the session it opened works without the header");
  await h.call("PUT", "/system/authentication/http-header-auth-config", { body: { enabled: false, username_header: "X-Remote-User" } });
  assert.equal((await fromPeer("127.0.0.1", "/users/reader", { "X-Remote-User": "reader" })).status, 401, "off again");
});
