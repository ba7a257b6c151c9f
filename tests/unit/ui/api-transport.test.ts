import assert from "node:assert/strict";
import { FetchError } from "../../../ui/api/fetch-error.ts";
import { installRequestHooks, type RequestHooks, type ServerFailure } from "../../../ui/api/api-transport.ts";
import { apiCall } from "../../../ui/api/api-client.ts";

interface Recorded {
  unauthorized: number;
  unreachable: ServerFailure[];
  reachable: number;
  requests: Request[];
}

/** Replaces fetch and the shell's hooks for one test; the login gate opens when `loggedIn` resolves. */
async function withFakeServer(
  respond: (request: Request) => Response | Promise<Response>,
  test: (recorded: Recorded, login: () => void) => Promise<void>,
) {
  const recorded: Recorded = { unauthorized: 0, unreachable: [], reachable: 0, requests: [] };
  let login = () => {};
  const loggedIn = new Promise<void>((resolve) => (login = resolve));
  const hooks: RequestHooks = {
    onUnauthorized: () => recorded.unauthorized++,
    onServerUnreachable: (failure) => recorded.unreachable.push(failure),
    onServerReachable: () => recorded.reachable++,
    waitForLogin: () => loggedIn,
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), "http://sluice.test"), init);
    recorded.requests.push(request);
    return Promise.resolve(respond(request));
  };
  installRequestHooks(hooks);
  try {
    await test(recorded, login);
  } finally {
    globalThis.fetch = realFetch;
    installRequestHooks(null);
  }
}

Deno.test("every request is marked as XHR and JSON bodies carry their content type", async () => {
  await withFakeServer(() => Response.json({ ok: true }), async (recorded, login) => {
    login();
    assert.deepEqual(await apiCall("post", "/views/bulk_delete", { body: { entity_ids: ["a"] } }), { ok: true });
    const [request] = recorded.requests;
    assert.equal(request.headers.get("X-Requested-By"), "XMLHttpRequest");
    assert.equal(request.headers.get("Content-Type"), "application/json");
    assert.equal(new URL(request.url).pathname, "/api/views/bulk_delete");
    assert.deepEqual(await request.json(), { entity_ids: ["a"] });
  });
});

Deno.test("a 204 gives undefined", async () => {
  await withFakeServer(() => new Response(null, { status: 204 }), async (_, login) => {
    login();
    assert.equal(await apiCall("delete", "/views/{id}", { params: { path: { id: "1" } } }), undefined);
  });
});

Deno.test("requests made before login wait for it; public ones do not", async () => {
  await withFakeServer(() => Response.json({}), async (recorded, login) => {
    const waiting = apiCall("get", "/users/{username}", { params: { path: { username: "admin" } } });
    await apiCall("get", "/system/sessions", undefined, { public: true });
    assert.equal(recorded.requests.length, 1, "only the public call went out before login");
    login();
    await waiting;
    assert.equal(recorded.requests.length, 2);
  });
});

Deno.test("a 401 tells the shell to log out and throws a FetchError with the body's message", async () => {
  await withFakeServer(() => Response.json({ type: "ApiError", message: "Not authenticated" }, { status: 401, statusText: "Unauthorized" }), async (recorded, login) => {
    login();
    const error = await apiCall("get", "/users/{username}", { params: { path: { username: "admin" } } }).catch((e) => e);
    assert.ok(error instanceof FetchError);
    assert.equal(error.status, 401);
    assert.equal(error.message, "There was an error fetching a resource: Unauthorized. Additional information: Not authenticated");
    assert.equal(recorded.unauthorized, 1);
  });
});

Deno.test("an unreachable server or a 502/503/504 reports the failure for the unavailable page", async () => {
  await withFakeServer(() => Promise.reject(new TypeError("connection refused")), async (recorded, login) => {
    login();
    await assert.rejects(apiCall("get", "/system"), FetchError);
    assert.equal(recorded.unreachable.length, 1);
    assert.equal(recorded.unreachable[0].status, null);
    assert.match(recorded.unreachable[0].message, /connection refused/);
  });
  await withFakeServer(() => new Response("bad gateway", { status: 502, statusText: "Bad Gateway" }), async (recorded, login) => {
    login();
    await assert.rejects(apiCall("get", "/system"), FetchError);
    assert.equal(recorded.unreachable[0].status, 502);
    assert.equal(recorded.unreachable[0].fullText, "bad gateway");
  });
});

Deno.test("polling calls ask not to extend the session", async () => {
  await withFakeServer(() => Response.json({}), async (recorded, login) => {
    login();
    await apiCall("get", "/system/notifications", undefined, { noSessionExtension: true });
    assert.equal(recorded.requests[0].headers.get("X-Graylog-No-Session-Extension"), "true");
    assert.equal(recorded.reachable, 1);
  });
});
