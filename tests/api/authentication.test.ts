import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import {
  ActiveBackendAnswerSchema,
  ActiveBackendTypeSchema,
  BackendAnswerSchema,
  BackendPageSchema,
  BackendTestResultSchema,
  GlobalAuthConfigAnswerSchema,
  HttpHeaderAuthConfigSchema,
} from "../../api/schemas/authentication.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { RoleListSchema } from "../../api/schemas/roles.ts";
import { apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("authentication services");
const BACKENDS = "/system/authentication/services/backends";
const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

/** An LDAP backend body pointing at `port` on loopback, with `overrides` on its config. */
function ldapBackend(port: number, overrides: Record<string, unknown> = {}) {
  return {
    title: "Corporate LDAP",
    description: "The office directory",
    default_roles: [],
    config: {
      type: "ldap",
      servers: [{ host: "127.0.0.1", port }],
      transport_security: "none",
      verify_certificates: true,
      system_user_dn: "cn=admin,dc=example,dc=com",
      system_user_password: { set_value: "secret" },
      user_search_base: "ou=users,dc=example,dc=com",
      user_search_pattern: "(&(objectClass=person)(uid={0}))",
      user_name_attribute: "uid",
      user_full_name_attribute: "cn",
      ...overrides,
    },
  };
}

/** A loopback port nobody listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP server that accepts connections and never answers (a directory that hangs). */
async function silentServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.on("error", () => {}));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as { port: number }).port };
}

suite.test("an LDAP backend is created, listed, read and changed; its password shows only as set", async (h) => {
  const created = await h.call("POST", BACKENDS, { body: ldapBackend(389) });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const { backend } = assertSchema(BackendAnswerSchema, created.body);
  assert.equal(backend.title, "Corporate LDAP");
  assert.deepEqual(backend.config.system_user_password, { is_set: true });
  assert.equal(backend.config.type === "ldap" && backend.config.user_unique_id_attribute, "entryUUID", "Graylog's default");
  assert.ok(!JSON.stringify(created.body).includes("secret"), "the password never comes back");

  const page = assertSchema(BackendPageSchema, (await h.call("GET", `${BACKENDS}?query=corporate`)).body);
  assert.deepEqual(page.backends.map((b) => b.id), [backend.id]);
  assert.equal(page.context.active_backend, null);
  assert.deepEqual(assertSchema(BackendAnswerSchema, (await h.call("GET", `${BACKENDS}/${backend.id}`)).body).backend, backend);

  const roles = assertSchema(RoleListSchema, (await h.call("GET", "/roles")).body).roles;
  const reader = roles.find((role) => role.name === "Reader")!;
  const changed = await h.call("PUT", `${BACKENDS}/${backend.id}`, {
    body: { ...ldapBackend(636, { transport_security: "tls", system_user_password: { keep_value: true } }), default_roles: [reader.id] },
  });
  const updated = assertSchema(BackendAnswerSchema, changed.body).backend;
  assert.deepEqual(updated.config.servers, [{ host: "127.0.0.1", port: 636 }]);
  assert.deepEqual(updated.config.system_user_password, { is_set: true }, "keep_value keeps the stored password");
  assert.deepEqual(updated.default_roles, [reader.id]);
  const cleared = await h.call("PUT", `${BACKENDS}/${backend.id}`, { body: ldapBackend(636, { system_user_password: { delete_value: true } }) });
  assert.deepEqual(assertSchema(BackendAnswerSchema, cleared.body).backend.config.system_user_password, { is_set: false });
});

suite.test("an Active Directory backend takes its own config type", async (h) => {
  const { type: _type, ...rest } = ldapBackend(389).config;
  const created = await h.call("POST", BACKENDS, {
    body: { title: "AD", config: { ...rest, type: "active-directory", user_search_pattern: "(&(objectClass=user)(|(sAMAccountName={0})(userPrincipalName={0})))", user_name_attribute: "userPrincipalName", user_full_name_attribute: "displayName" } },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal(assertSchema(BackendAnswerSchema, created.body).backend.config.type, "active-directory");
});

suite.test("bad backend bodies get a 400 naming the field", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ ...ldapBackend(389), title: " " }, /title cannot be empty/],
    [ldapBackend(389, { servers: [] }), /servers: the server list cannot be empty/],
    [ldapBackend(389, { servers: [{ host: "ldap", port: 70000 }] }), /servers: port must be 1 to 65535/],
    [ldapBackend(389, { transport_security: "ssl" }), /transport_security must be none, tls or start_tls/],
    [ldapBackend(389, { user_search_base: "" }), /user_search_base must not be empty/],
    [ldapBackend(389, { type: "kerberos" }), /config.type must be ldap or active-directory/],
    [{ ...ldapBackend(389), default_roles: ["0123456789abcdef01234567"] }, /default_roles: unknown role ids/],
    [{ ...ldapBackend(389), colour: "red" }, /colour/],
    [ldapBackend(389, { user_search_pattern: "(&(objectClass=person)(uid={0})" }), /^user_search_pattern is not a valid LDAP filter/],
    [ldapBackend(389, { user_search_pattern: "uid={0}))" }), /^user_search_pattern is not a valid LDAP filter/],
    [{ title: "AD", config: { ...ldapBackend(389).config, type: "active-directory", user_search_pattern: "(&(objectClass=user)(sAMAccountName={0}" } }, /^user_search_pattern is not a valid LDAP filter/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", BACKENDS, { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
  }
  assert.equal((await h.call("GET", `${BACKENDS}/0123456789abcdef01234567`)).status, 404);
});

suite.test("a backend is activated and deactivated; the active one cannot be deleted", async (h) => {
  const { backend } = assertSchema(BackendAnswerSchema, (await h.call("POST", BACKENDS, { body: { ...ldapBackend(389), title: "Active one" } })).body);
  assert.equal((await h.call("GET", "/system/authentication/services/active-backend")).status, 404);
  const activated = await h.call("POST", "/system/authentication/services/configuration", { body: { active_backend: backend.id } });
  assert.deepEqual(assertSchema(GlobalAuthConfigAnswerSchema, activated.body).configuration, { active_backend: backend.id });
  const active = assertSchema(ActiveBackendAnswerSchema, (await h.call("GET", "/system/authentication/services/active-backend")).body);
  assert.equal(active.backend.id, backend.id);
  assert.ok(active.context.backends_total >= 1);
  const refused = await h.call("DELETE", `${BACKENDS}/${backend.id}`);
  assert.equal(refused.status, 400);
  assert.equal(messageOf(refused.body), `Authentication service backend <${backend.id}> is still in use`);
  const unknown = await h.call("POST", "/system/authentication/services/configuration", { body: { active_backend: "0123456789abcdef01234567" } });
  assert.equal(unknown.status, 400);
  assert.match(messageOf(unknown.body), /active_backend: no authentication service backend/);
  await h.call("POST", "/system/authentication/services/configuration", { body: { active_backend: null } });
  assert.deepEqual(assertSchema(GlobalAuthConfigAnswerSchema, (await h.call("GET", "/system/authentication/services/configuration")).body).configuration, { active_backend: null });
  assert.equal((await h.call("DELETE", `${BACKENDS}/${backend.id}`)).status, 204);
  assert.equal((await h.call("GET", `${BACKENDS}/${backend.id}`)).status, 404);
});

suite.test("'Test connection' really connects: a refused port says so plainly", async (h) => {
  const port = await closedPort();
  const answer = await h.call("POST", "/system/authentication/services/test/backend/connection", { body: { backend_configuration: ldapBackend(port) } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const result = assertSchema(BackendTestResultSchema, answer.body);
  assert.equal(result.success, false);
  assert.equal(result.message, `Couldn't establish connection to 127.0.0.1:${port}`);
  assert.match(result.errors.join(" "), /ECONNREFUSED/);
});

suite.test("'Test connection' gives up on a server that never answers, after the time-out", async (h) => {
  const { server, port } = await silentServer();
  try {
    const answer = await h.call("POST", "/system/authentication/services/test/backend/connection", { body: { backend_configuration: ldapBackend(port) } });
    const result = assertSchema(BackendTestResultSchema, answer.body);
    assert.equal(result.success, false);
    assert.match(result.errors.join(" "), /time/i);
  } finally {
    server.close();
  }
});

suite.test("'Test login' reports the connection's error, and needs the user's login", async (h) => {
  const port = await closedPort();
  const answer = await h.call("POST", "/system/authentication/services/test/backend/login", {
    body: { backend_configuration: ldapBackend(port), user_login: { username: "jane", password: { set_value: "pw" } } },
  });
  const result = assertSchema(BackendTestResultSchema, answer.body);
  assert.equal(result.success, false);
  assert.match(result.errors.join(" "), /ECONNREFUSED/);
  const missing = await h.call("POST", "/system/authentication/services/test/backend/login", { body: { backend_configuration: ldapBackend(port) } });
  assert.equal(missing.status, 400);
  assert.match(messageOf(missing.body), /user_login is required/);
});

suite.test("the HTTP header authenticator is off with Remote-User until changed; a bad header name is refused", async (h) => {
  const PATH = "/system/authentication/http-header-auth-config";
  assert.deepEqual(assertSchema(HttpHeaderAuthConfigSchema, (await h.call("GET", PATH)).body), { enabled: false, username_header: "Remote-User" });
  const changed = await h.call("PUT", PATH, { body: { enabled: true, username_header: "X-Forwarded-User" } });
  assert.deepEqual(assertSchema(HttpHeaderAuthConfigSchema, changed.body), { enabled: true, username_header: "X-Forwarded-User" });
  const bad = await h.call("PUT", PATH, { body: { enabled: true, username_header: "not a header" } });
  assert.equal(bad.status, 400);
  assert.match(messageOf(bad.body), /username_header must be an HTTP header name/);
  await h.call("PUT", PATH, { body: { enabled: false, username_header: "Remote-User" } });
});

suite.test("the sign-in page asks the active backend's type without a session: null, then the active one's", async (h) => {
  const TYPE = `${BACKENDS}/active-backend/type`;
  assert.deepEqual(assertSchema(ActiveBackendTypeSchema, (await h.call("GET", TYPE, { cookie: null })).body), { backend: null });
  const { backend } = assertSchema(BackendAnswerSchema, (await h.call("POST", BACKENDS, { body: { ...ldapBackend(389), title: "Typed" } })).body);
  await h.call("POST", "/system/authentication/services/configuration", { body: { active_backend: backend.id } });
  try {
    const anonymous = await h.call("GET", TYPE, { cookie: null });
    assert.equal(anonymous.status, 200);
    assert.deepEqual(assertSchema(ActiveBackendTypeSchema, anonymous.body), { backend: "ldap" });
    assert.deepEqual(assertSchema(ActiveBackendTypeSchema, (await h.call("GET", TYPE, { cookie: h.readerCookie })).body), { backend: "ldap" });
  } finally {
    await h.call("POST", "/system/authentication/services/configuration", { body: { active_backend: null } });
    await h.call("DELETE", `${BACKENDS}/${backend.id}`);
  }
});

suite.test("a user without the authentication permissions is refused every call", async (h) => {
  for (const [method, path] of [["GET", BACKENDS], ["GET", "/system/authentication/services/configuration"], ["GET", "/system/authentication/http-header-auth-config"]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie });
    assert.equal(answer.status, 403, path);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
  const test = await h.call("POST", "/system/authentication/services/test/backend/connection", { cookie: h.readerCookie, body: { backend_configuration: ldapBackend(389) } });
  assert.equal(test.status, 403);
});

