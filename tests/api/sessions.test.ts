import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { SessionResponseSchema, SessionValidationSchema } from "../../api/schemas/session.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { ADMIN_PASSWORD, apiTest, basicAuth, sessionCookieOf } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

apiTest("signing in answers the username and sets an HttpOnly, SameSite session cookie", async (h) => {
  const answer = await h.call("POST", "/system/sessions", {
    body: { username: "admin", password: ADMIN_PASSWORD, host: "localhost" },
    cookie: null,
  });
  assert.equal(answer.status, 200);
  const session = assertSchema(SessionResponseSchema, answer.body);
  assert.equal(session.username, "admin");
  assert.ok(Date.parse(session.valid_until) > Date.now(), "the session is valid into the future");
  const setCookie = answer.headers.get("set-cookie") ?? "";
  assert.match(setCookie, new RegExp(`^sluice_session=${session.session_id};`));
  assert.match(setCookie, /; HttpOnly/);
  assert.match(setCookie, /; SameSite=Lax/);
  assert.match(setCookie, /; Path=\//);
  assert.match(setCookie, /; Max-Age=28800/, "the cookie lives as long as the 8-hour session timeout");
});

apiTest("the session cookie is scoped to the application path prefix", async (h) => {
  const answer = await h.call("POST", "/system/sessions", { body: { username: "admin", password: ADMIN_PASSWORD }, cookie: null });
  assert.match(answer.headers.get("set-cookie") ?? "", /; Path=\/sluice(;|$)/);
}, { prefix: "/sluice" });

apiTest("a wrong password is refused with 401 and no cookie", async (h) => {
  const answer = await h.call("POST", "/system/sessions", { body: { username: "admin", password: "wrong" }, cookie: null });
  assert.equal(answer.status, 401);
  assert.match(messageOf(answer.body), /Invalid credentials/);
  assert.equal(answer.headers.get("set-cookie"), null);
});

apiTest("an unknown user is refused with 401 like a wrong password", async (h) => {
  const answer = await h.call("POST", "/system/sessions", { body: { username: "nobody", password: "x" }, cookie: null });
  assert.equal(answer.status, 401);
  assert.match(messageOf(answer.body), /Invalid credentials/);
});

apiTest("malformed sign-in requests are refused with 400 naming the field", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ username: "admin" }, /request body: password:/],
    [{ password: "x" }, /request body: username:/],
    [{ username: "", password: "x" }, /username: username must not be empty/],
    [{ username: "admin", password: "" }, /password: password must not be empty/],
    [{ username: 42, password: "x" }, /username: .*expected string, received number/],
    [{ username: "admin", password: "x", remember: true }, /Unrecognized key: "remember"/],
    ["{not json", /Malformed JSON in request body/],
    [[], /request body: .*expected object/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/system/sessions", { body, cookie: null });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), message);
    assert.equal(answer.headers.get("set-cookie"), null);
  }
});

apiTest("a sign-in body without a JSON content type is refused as unsupported, not as a server error", async (h) => {
  const answer = await h.call("POST", "/system/sessions", {
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    headers: { "Content-Type": "text/plain" },
    cookie: null,
  });
  assert.equal(answer.status, 415);
  assertSchema(ApiErrorSchema, answer.body);
});

apiTest("validating answers is_valid with the username for a session and false without one", async (h) => {
  const signedIn = assertSchema(SessionValidationSchema, (await h.call("GET", "/system/sessions")).body);
  assert.deepEqual(signedIn, { is_valid: true, session_id: h.adminCookie.split("=")[1], username: "admin" });
  const anonymous = await h.call("GET", "/system/sessions", { cookie: null });
  assert.equal(anonymous.status, 200);
  assert.deepEqual(anonymous.body, { is_valid: false, session_id: null, username: null });
  const bogus = await h.call("GET", "/system/sessions", { cookie: "sluice_session=not-a-session" });
  assert.deepEqual(bogus.body, { is_valid: false, session_id: null, username: null });
});

apiTest("signing out ends the session: the cookie is cleared and the old cookie gets 401", async (h) => {
  const cookie = await h.login("admin", ADMIN_PASSWORD);
  const answer = await h.call("DELETE", "/system/sessions", { cookie });
  assert.equal(answer.status, 204);
  assert.match(answer.headers.get("set-cookie") ?? "", /^sluice_session=; Max-Age=0; Path=\//);
  assert.equal((await h.call("GET", "/system", { cookie })).status, 401);
  assert.deepEqual((await h.call("GET", "/system/sessions", { cookie })).body, { is_valid: false, session_id: null, username: null });
  // Other sessions of the same user stay signed in.
  assert.equal((await h.call("GET", "/system", { cookie: h.adminCookie })).status, 200);
});

apiTest("signing out by session id ends that session, and another user's session id is not found", async (h) => {
  const cookie = await h.login("admin", ADMIN_PASSWORD);
  const id = cookie.split("=")[1];
  const readerId = h.readerCookie.split("=")[1];
  const foreign = await h.call("DELETE", `/system/sessions/${readerId}`, { cookie });
  assert.equal(foreign.status, 404);
  assert.equal((await h.call("GET", "/system", { cookie: h.readerCookie })).status, 200, "the reader is still signed in");
  assert.equal((await h.call("DELETE", `/system/sessions/${id}`, { cookie })).status, 204);
  assert.equal((await h.call("GET", "/system", { cookie })).status, 401);
});

apiTest("basic auth with username and password reaches protected routes without a session", async (h) => {
  const answer = await h.call("GET", "/system", { cookie: null, headers: basicAuth("admin", ADMIN_PASSWORD) });
  assert.equal(answer.status, 200);
  assertSchema(SystemInfoSchema, answer.body);
  const wrong = await h.call("GET", "/system", { cookie: null, headers: basicAuth("admin", "wrong") });
  assert.equal(wrong.status, 401);
});

apiTest("basic auth with a session id and the word 'session' acts as that session's user", async (h) => {
  const id = h.readerCookie.split("=")[1];
  const answer = await h.call("GET", "/system/sessions", { cookie: null, headers: basicAuth(id, "session") });
  assert.deepEqual(answer.body, { is_valid: true, session_id: id, username: "reader" });
  const user = assertSchema(UserSchema, (await h.call("GET", "/users/reader", { cookie: null, headers: basicAuth(id, "session") })).body);
  assert.equal(user.username, "reader");
  const unknown = await h.call("GET", "/system", { cookie: null, headers: basicAuth("no-such-session", "session") });
  assert.equal(unknown.status, 401);
});

apiTest("malformed basic auth headers are treated as no credentials", async (h) => {
  for (const header of ["Basic !!!not-base64", `Basic ${btoa("no-colon")}`, "Bearer abc"]) {
    const answer = await h.call("GET", "/system", { cookie: null, headers: { Authorization: header } });
    assert.equal(answer.status, 401, header);
  }
});

/** Records the `extend` option of every session lookup the API makes. */
const extendCalls: boolean[] = [];
apiTest("polling with X-Graylog-No-Session-Extension looks the session up without extending it", async (h) => {
  extendCalls.length = 0;
  await h.call("GET", "/system/sessions", { cookie: h.readerCookie, headers: { "X-Graylog-No-Session-Extension": "true" } });
  assert.deepEqual(extendCalls, [false], "a poll must not keep an idle session alive");
  extendCalls.length = 0;
  await h.call("GET", "/system/sessions", { cookie: h.readerCookie });
  assert.deepEqual(extendCalls, [true], "an ordinary call extends the session");
}, {
  wrapBackend: (backend) => ({
    ...backend,
    sessions: {
      ...backend.sessions,
      create: (...args) => backend.sessions.create(...args),
      delete: (id) => backend.sessions.delete(id),
      verifyPassword: (username, password) => backend.sessions.verifyPassword(username, password),
      get: (id, options) => {
        extendCalls.push(options?.extend ?? true);
        return backend.sessions.get(id, options);
      },
    },
  }),
});

apiTest("signing in records the caller's address as the client address, not the host the browser names", async (h) => {
  const login = await h.call("POST", "/system/sessions", {
    body: { username: "reader", password: "reader", host: "sluice.example.com:9000" },
    cookie: null,
    headers: { "X-Forwarded-For": "10.1.2.3" },
  });
  const cookie = sessionCookieOf(login.headers);
  const user = assertSchema(UserSchema, (await h.call("GET", "/users/reader", { cookie })).body);
  assert.equal(user.client_address, "10.1.2.3");
  assert.equal(user.session_active, true);
}, { trustProxy: true });

const noWaiting = { loginThrottle: { sleep: () => Promise.resolve() } };

apiTest("wrong passwords in a row are no longer all answered 401: the sign-in is refused with 429 and Retry-After", async (h) => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const answer = await h.call("POST", "/system/sessions", { body: { username: "admin", password: `guess ${i}` }, cookie: null });
    statuses.push(answer.status);
    if (answer.status === 429) {
      assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/);
      assert.match(messageOf(answer.body), /Too many failed sign-in attempts: try again in \d+ seconds/);
    }
  }
  assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
}, noWaiting);

apiTest("wrong basic-auth passwords are throttled like the session login", async (h) => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    statuses.push((await h.call("GET", "/users/admin", { cookie: null, headers: basicAuth("admin", `guess ${i}`) })).status);
  }
  assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
  const refused = await h.call("GET", "/users/admin", { cookie: null, headers: basicAuth("admin", ADMIN_PASSWORD) });
  assert.equal(refused.status, 429, "the locked-out address is refused even with the right password");
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
}, noWaiting);

apiTest("the session cookie is Secure behind a trusted TLS proxy", async (h) => {
  const answer = await h.call("POST", "/system/sessions", {
    body: { username: "admin", password: ADMIN_PASSWORD },
    cookie: null,
    headers: { "X-Forwarded-Proto": "https" },
  });
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("set-cookie") ?? "", /; Secure/);
}, { trustProxy: true });

apiTest("X-Forwarded-Proto is ignored unless the proxy is trusted", async (h) => {
  const answer = await h.call("POST", "/system/sessions", {
    body: { username: "admin", password: ADMIN_PASSWORD },
    cookie: null,
    headers: { "X-Forwarded-Proto": "https" },
  });
  assert.equal(answer.status, 200);
  assert.doesNotMatch(answer.headers.get("set-cookie") ?? "", /Secure/);
});

apiTest("passwords never appear in an answer or a log line, and no answer carries a password hash", async (h) => {
  const secret = "hunter2-very-secret";
  const logged: string[] = [];
  const originals = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  for (const level of ["log", "warn", "error", "info"] as const) {
    console[level] = (...args: unknown[]) => logged.push(args.map(String).join(" "));
  }
  const answers: unknown[] = [];
  try {
    answers.push((await h.call("POST", "/system/sessions", { body: { username: "admin", password: secret }, cookie: null })).body);
    answers.push((await h.call("POST", "/system/sessions", { body: { username: "nobody", password: secret }, cookie: null })).body);
    answers.push((await h.call("POST", "/system/sessions", { body: { username: "admin", password: secret, extra: 1 }, cookie: null })).body);
    answers.push((await h.call("GET", "/users/admin", { cookie: null, headers: basicAuth("admin", secret) })).body);
    answers.push((await h.call("GET", "/users/admin")).body);
    answers.push((await h.call("GET", "/users/reader", { cookie: h.readerCookie })).body);
  } finally {
    Object.assign(console, originals);
  }
  assert.ok(logged.some((line) => line.includes("Failed sign-in for user 'admin'")), "failed attempts are logged");
  for (const text of [...logged, ...answers.map((answer) => JSON.stringify(answer))]) {
    assert.ok(!text.includes(secret), text);
    assert.ok(!/scrypt\$|password_hash/.test(text), text);
  }
}, noWaiting);
