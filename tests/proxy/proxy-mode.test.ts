/**
 * Proxy mode's own behaviour (issue 18): the session mapped onto Graylog's, credentials passed through, the
 * path prefix, TLS with a CA file, errors (unreachable, too slow, too large, Graylog's own error bodies) and the
 * server render through the forwarding. The upstream is a second Sluice on the embedded backend on loopback,
 * serving its API under a path prefix (`/graylog/api`) as a Graylog behind a reverse proxy would.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createApp } from "../../app.ts";
import { createApi } from "../../api/app.ts";
import { graylogUpstream } from "../../api/proxy/graylog-upstream.ts";
import { createProxyApi } from "../../api/proxy/proxy-api.ts";
import type { Backend } from "../../api/schemas/backend.ts";
import { openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { ClientManifest } from "../../routes/client-manifest.ts";
import { ADMIN_PASSWORD, basicAuth } from "../helpers/api-harness.ts";
import { serveThroughProxy } from "../helpers/proxy-upstream.ts";

const manifest: ClientManifest = { script: "client-AAAAAAAA.js", stylesheet: "client-BBBBBBBB.css", preload: [], pages: {} };
const JSON_HEADERS = { "Content-Type": "application/json", "X-Requested-By": "proxy-tests" };
const LIMIT = 4096;

interface Setup {
  backend: Backend;
  direct: ReturnType<typeof createApi>;
  proxy: { request(path: string, init?: RequestInit): Response | Promise<Response> };
  upstreamUrl: string;
}

/** A fresh upstream (embedded backend, its API on loopback) and the proxy in front of it; closed afterwards. */
function proxyTest(name: string, fn: (setup: Setup) => Promise<void>): void {
  Deno.test(name, async () => {
    const backend = await openEmbeddedBackend({ databasePath: ":memory:", adminPassword: ADMIN_PASSWORD, demoMessages: 0, demoRate: 0 });
    const direct = createApi({ backend, prefix: "" });
    const served = serveThroughProxy(direct, { prefix: "", maxBodyBytes: LIMIT, upstreamPath: "/graylog/api" });
    try {
      await fn({ backend, direct, proxy: served.proxy, upstreamUrl: served.upstreamUrl });
    } finally {
      await served.close();
      await backend.close();
    }
  });
}

async function signIn(proxy: Setup["proxy"], path = "/system/sessions"): Promise<{ answer: Response; body: Record<string, unknown> }> {
  const answer = await proxy.request(path, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD, host: "127.0.0.1" }),
  });
  return { answer, body: await answer.json() };
}

proxyTest("signing in keeps Graylog's session id in Sluice's own HttpOnly cookie and sends it on with each call", async ({ backend, proxy }) => {
  const { answer, body } = await signIn(proxy);
  assert.equal(answer.status, 200);
  assert.equal(body.username, "admin");
  const sessionId = body.session_id as string;
  const cookies = answer.headers.getSetCookie();
  assert.deepEqual(cookies, [`sluice_session=${sessionId}; Max-Age=28800; Path=/; HttpOnly; SameSite=Lax`], "only Sluice's cookie, for Graylog's session timeout");
  assert.ok(await backend.sessions.get(sessionId, { extend: false }), "the session is Graylog's own");

  const user = await proxy.request("/users/admin", { headers: { Cookie: `sluice_session=${sessionId}` } });
  assert.equal(user.status, 200);
  assert.equal((await user.json()).username, "admin");
  const validation = await proxy.request("/system/sessions", { headers: { Cookie: `sluice_session=${sessionId}` } });
  assert.deepEqual(await validation.json(), { is_valid: true, session_id: sessionId, username: "admin" });
});

proxyTest("signing out ends Graylog's session and removes the cookie", async ({ backend, proxy }) => {
  const { body } = await signIn(proxy);
  const cookie = `sluice_session=${body.session_id}`;
  const answer = await proxy.request("/system/sessions", { method: "DELETE", headers: { Cookie: cookie, "X-Requested-By": "proxy-tests" } });
  assert.equal(answer.status, 204);
  assert.match(answer.headers.getSetCookie().join("\n"), /^sluice_session=; Max-Age=0; Path=\//);
  assert.equal(await backend.sessions.get(body.session_id as string, { extend: false }), null);
  const after = await proxy.request("/users/admin", { headers: { Cookie: cookie } });
  assert.equal(after.status, 401);
  await after.body?.cancel();
});

proxyTest("a 401 from Graylog (its session ended elsewhere) removes the cookie; validation then says invalid", async ({ backend, proxy }) => {
  const { body } = await signIn(proxy);
  const cookie = `sluice_session=${body.session_id}`;
  await backend.sessions.delete(body.session_id as string);
  const answer = await proxy.request("/users/admin", { headers: { Cookie: cookie } });
  assert.equal(answer.status, 401);
  assert.equal(answer.headers.get("www-authenticate"), null, "no Basic challenge: the browser must not ask for a password");
  await answer.body?.cancel();
  assert.match(answer.headers.getSetCookie().join("\n"), /^sluice_session=; Max-Age=0/);
  const validation = await proxy.request("/system/sessions", { headers: { Cookie: cookie } });
  assert.equal((await validation.json()).is_valid, false);
  assert.match(validation.headers.getSetCookie().join("\n"), /^sluice_session=; Max-Age=0/);
});

proxyTest("HTTP basic credentials of scripts go through as they are; a wrong password is Graylog's 401", async ({ proxy }) => {
  const good = await proxy.request("/users/admin", { headers: basicAuth("admin", ADMIN_PASSWORD) });
  assert.equal(good.status, 200);
  assert.equal((await good.json()).username, "admin");
  assert.deepEqual(good.headers.getSetCookie(), []);
  const bad = await proxy.request("/users/admin", { headers: basicAuth("admin", "wrong") });
  assert.equal(bad.status, 401);
  await bad.body?.cancel();
});

proxyTest("method, path, query and body go through unchanged, and Graylog's answers and error bodies come back unchanged", async ({ direct, proxy }) => {
  const auth = basicAuth("admin", ADMIN_PASSWORD);
  const calls: [string, RequestInit][] = [
    ["/system/grok/paginated?page=2&per_page=3&sort=name&order=desc&query=name%3AIP", { headers: auth }],
    ["/system/grok", { method: "POST", headers: { ...auth, ...JSON_HEADERS }, body: JSON.stringify({ name: "", pattern: "%{WORD}" }) }],
    ["/system/grok", { method: "POST", headers: { ...auth, ...JSON_HEADERS }, body: "{not json" }],
    ["/system/grok", { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" }],
    ["/streams/000000000000000000000bad", { headers: auth }],
  ];
  for (const [path, init] of calls) {
    const [viaProxy, straight] = [await proxy.request(path, init), await direct.request(path, init)];
    const label = `${init.method ?? "GET"} ${path}`;
    assert.equal(viaProxy.status, straight.status, label);
    assert.equal(viaProxy.headers.get("content-type"), straight.headers.get("content-type"), label);
    assert.deepEqual(await viaProxy.json(), await straight.json(), label);
  }
});

proxyTest("a body over the size limit is refused with 413 and never reaches Graylog", async ({ backend, proxy }) => {
  const before = (await backend.grokPatterns.all()).length;
  const pattern = JSON.stringify({ name: "BIG", pattern: "x".repeat(LIMIT) });
  const declared = await proxy.request("/system/grok", { method: "POST", headers: { ...JSON_HEADERS, ...basicAuth("admin", ADMIN_PASSWORD) }, body: pattern });
  assert.equal(declared.status, 413);
  assert.deepEqual(await declared.json(), { type: "ApiError", message: `Request body too large: at most ${LIMIT} bytes are accepted.` });
  const chunks = new Blob([pattern]).stream();
  const streamed = await proxy.request("/system/grok", { method: "POST", headers: { ...JSON_HEADERS, ...basicAuth("admin", ADMIN_PASSWORD) }, body: chunks });
  assert.equal(streamed.status, 413);
  await streamed.body?.cancel();
  assert.equal((await backend.grokPatterns.all()).length, before);
});

Deno.test("Graylog unreachable: 502 naming Graylog and the connection's own error", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const apiUrl = `http://127.0.0.1:${port}/api`;
  const proxy = createProxyApi({ upstream: { apiUrl, timeoutMs: 5000 }, prefix: "", maxBodyBytes: LIMIT });
  const answer = await proxy.request("/system/cluster/nodes");
  assert.equal(answer.status, 502);
  const body = await answer.json();
  assert.equal(body.type, "ApiError");
  assert.ok(body.message.startsWith(`Graylog at ${apiUrl} could not be reached: `), body.message);
  assert.match(body.message, /refused/i);
  const long = await proxy.request(`/streams/${"x".repeat(70_000)}`);
  assert.equal(long.status, 400, "a target too long for the HTTP client is the caller's error, not Graylog's absence");
  assert.match((await long.json()).message, /longer than the 60000 characters/);
});

Deno.test("a slow Graylog: 504 after the time-out with a message saying which call and how long, never a hung call", async () => {
  const release = Promise.withResolvers<void>();
  const slow = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async () => {
    await release.promise;
    return new Response("{}", { headers: { "Content-Type": "application/json" } });
  });
  try {
    const apiUrl = `http://127.0.0.1:${slow.addr.port}/api`;
    const proxy = createProxyApi({ upstream: { apiUrl, timeoutMs: 300 }, prefix: "", maxBodyBytes: LIMIT });
    const started = performance.now();
    const answer = await proxy.request("/system/cluster/nodes?x=1");
    const elapsed = performance.now() - started;
    assert.equal(answer.status, 504);
    assert.deepEqual(await answer.json(), {
      type: "ApiError",
      message: `Graylog at ${apiUrl} did not answer GET /system/cluster/nodes within 300 ms; the call was abandoned.`,
    });
    assert.ok(elapsed < 3000, `answered after ${Math.round(elapsed)} ms`);
  } finally {
    release.resolve();
    await slow.shutdown();
  }
});

Deno.test("TLS to Graylog: trusted with the CA file, refused with the certificate error without it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "sluice-proxy-tls-" });
  try {
    const { caFile, cert, key } = await certificateAuthority(dir);
    const tls = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen: () => {} }, () => Response.json({ cluster_id: "c1" }));
    try {
      const apiUrl = `https://127.0.0.1:${tls.addr.port}/api`;
      const trusted = graylogUpstream({ apiUrl, timeoutMs: 5000, caFile });
      try {
        const answer = await createProxyApi({ upstream: trusted, prefix: "", maxBodyBytes: LIMIT }).request("/system/cluster");
        assert.equal(answer.status, 200);
        assert.deepEqual(await answer.json(), { cluster_id: "c1" });
      } finally {
        trusted.client?.close();
      }
      const untrusted = await createProxyApi({ upstream: graylogUpstream({ apiUrl, timeoutMs: 5000 }), prefix: "", maxBodyBytes: LIMIT })
        .request("/system/cluster");
      assert.equal(untrusted.status, 502);
      assert.match((await untrusted.json()).message, /could not be reached: .*certificate/i);
    } finally {
      await tls.shutdown();
    }
    assert.throws(() => graylogUpstream({ apiUrl: "https://x/api", timeoutMs: 1, caFile: join(dir, "missing.pem") }), /SLUICE_GRAYLOG_CA_FILE '.*missing\.pem' cannot be read/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

proxyTest("pages render through the forwarding, under Sluice's path prefix, with the signed-in user", async ({ upstreamUrl }) => {
  const app = createApp({ graylog: { apiUrl: upstreamUrl, timeoutMs: 5000 }, prefix: "/sluice", manifest });
  const login = await app.request("/sluice/api/system/sessions", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD, host: "127.0.0.1" }),
  });
  assert.equal(login.status, 200);
  const cookie = login.headers.getSetCookie()[0];
  assert.match(cookie, /; Path=\/sluice; HttpOnly; SameSite=Lax$/);
  const page = await app.request("/sluice/streams", { headers: { Cookie: cookie.split(";")[0] } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /"username":"admin"/, "the current user came through the proxy");
  assert.doesNotMatch(html, /aria-label="Sign in"/);
});

Deno.test("with Graylog unreachable a page does not pretend to be signed out: the browser asks again and shows the unavailable page", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const app = createApp({ graylog: { apiUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 5000 }, prefix: "", manifest });
  const page = await app.request("/search", { headers: { Cookie: "sluice_session=abc" } });
  const html = await page.text();
  assert.match(html, /We are preparing Sluice for you\.\.\./);
  assert.doesNotMatch(html, /aria-label="Sign in"/);
});

/** A CA and a certificate it issued for 127.0.0.1, made with openssl: the CA's PEM file, the server's cert and key. */
async function certificateAuthority(dir: string): Promise<{ caFile: string; cert: string; key: string }> {
  const run = async (...args: string[]) => {
    const { code, stderr } = await new Deno.Command("openssl", { args, cwd: dir, stdout: "null", stderr: "piped" }).output();
    if (code !== 0) throw new Error(`openssl ${args.join(" ")}: ${new TextDecoder().decode(stderr)}`);
  };
  await run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Sluice test CA");
  await run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  Deno.writeTextFileSync(join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n");
  await run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "server.ext");
  return { caFile: join(dir, "ca.pem"), cert: Deno.readTextFileSync(join(dir, "server.pem")), key: Deno.readTextFileSync(join(dir, "server.key")) };
}
