import assert from "node:assert/strict";
import { Hono } from "hono";
import { SESSION_COOKIE } from "../../../api/context.ts";
import { LoginThrottle } from "../../../api/login-throttle.ts";
import { authenticate } from "../../../api/middleware/authenticate.ts";
import type { Backend, Session } from "../../../api/schemas/backend.ts";
import type { User } from "../../../api/schemas/user.ts";

/**
 * The identity cache of the authenticate middleware (issue 18: proxy mode carries the browser's session to Graylog
 * as `Authorization: Basic sessionId:session`; before, only a cookie's identity was reused, so every proxied call
 * paid the full lookup, ~20 ms, that the direct call no longer paid).
 */
function countingBackend() {
  const lookups = { sessions: 0, passwords: 0, tokens: 0 };
  const session: Session = {
    id: "s-1",
    username: "admin",
    userId: "local:admin",
    host: "test",
    createdAt: new Date(),
    lastAccess: new Date(),
    timeoutMs: 3_600_000,
  };
  const admin = { username: "admin", account_status: "enabled" } as User; // only what authenticate reads
  const backend = {
    sessions: {
      get: (id: string) => {
        lookups.sessions++;
        return Promise.resolve(id === session.id ? session : null);
      },
      verifyPassword: (username: string, password: string) => {
        lookups.passwords++;
        return Promise.resolve(username === "admin" && password === "admin");
      },
    },
    accessTokens: {
      authenticate: (token: string) => {
        lookups.tokens++;
        return Promise.resolve(token === "t-1" ? "admin" : null);
      },
    },
    users: { get: (username: string) => Promise.resolve(username === "admin" ? admin : null) },
    authServices: { httpHeaderAuth: () => Promise.resolve({ enabled: false, username_header: "Remote-User" }) },
  } as unknown as Backend; // a stand-in with only the stores authenticate calls
  const app = new Hono();
  app.use("*", authenticate({ backend, throttle: new LoginThrottle(), trustProxy: false }));
  app.all("*", (c) => c.text(c.get("user")?.username ?? "anonymous"));
  return { app, lookups };
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${btoa(`${user}:${password}`)}` });

Deno.test("a session carried as basic auth (sessionId:session) is looked up once, then reused like a cookie's", async () => {
  const { app, lookups } = countingBackend();
  for (let i = 0; i < 5; i++) {
    const answer = await app.request("/api/system", { headers: basic("s-1", "session") });
    assert.equal(await answer.text(), "admin");
  }
  assert.equal(lookups.sessions, 1);
});

Deno.test("a write forgets a basic-auth session's identity as it does a cookie's", async () => {
  const { app, lookups } = countingBackend();
  await app.request("/api/system", { headers: basic("s-1", "session") });
  await app.request("/api/system/sessions", { method: "DELETE", headers: basic("s-1", "session") });
  assert.equal(lookups.sessions, 1);
  await app.request("/api/system", { headers: basic("s-1", "session") });
  assert.equal(lookups.sessions, 2);
});

Deno.test("an unknown session, a password and an access token are checked on every call", async () => {
  const { app, lookups } = countingBackend();
  for (let i = 0; i < 3; i++) {
    assert.equal(await (await app.request("/api/system", { headers: basic("s-unknown", "session") })).text(), "anonymous");
    assert.equal(await (await app.request("/api/system", { headers: basic("admin", "admin") })).text(), "admin");
    assert.equal(await (await app.request("/api/system", { headers: basic("t-1", "token") })).text(), "admin");
  }
  assert.deepEqual(lookups, { sessions: 3, passwords: 3, tokens: 3 });
});

Deno.test("a call carrying a cookie and an Authorization is never answered from the remembered identity", async () => {
  const { app, lookups } = countingBackend();
  await app.request("/api/system", { headers: basic("s-1", "session") });
  await app.request("/api/system", { headers: { ...basic("s-1", "session"), Cookie: `${SESSION_COOKIE}=s-other` } });
  assert.equal(lookups.sessions, 3);
});
