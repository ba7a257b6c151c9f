/**
 * Proxy mode's errors as the user meets them (issue 18 item 5): a slow Graylog gives a page in time and then a
 * clear time-out message on the server-unavailable page, never a hung page; Graylog's own error bodies are what
 * the UI shows as the message. The page's calls go out through the UI's own transport (ui/api/api-transport.ts).
 */
import assert from "node:assert/strict";
import { createApp } from "../../app.ts";
import { installRequestHooks, sendApiRequest, type ServerFailure } from "../../ui/api/api-transport.ts";
import { errorToastText, failureMessage, FetchError } from "../../ui/api/fetch-error.ts";
import type { ClientManifest } from "../../routes/client-manifest.ts";
import { graylogJson } from "./fake-graylog.ts";

const manifest: ClientManifest = { script: "client-AAAAAAAA.js", stylesheet: "client-BBBBBBBB.css", preload: [], pages: {} };

/** Sluice in proxy mode in front of a stand-in Graylog; `browser(path)` calls its API as the page's UI does. */
async function withSluiceInFront(
  graylog: (request: Request) => Response | Promise<Response>,
  timeouts: { timeoutMs: number; serverRenderTimeoutMs: number },
  test: (sluice: { page(path: string): Promise<Response>; browser(path: string, init?: RequestInit): Promise<Response>; failures: ServerFailure[]; apiUrl: string }) => Promise<void>,
): Promise<void> {
  const upstream = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, graylog);
  const apiUrl = `http://127.0.0.1:${upstream.addr.port}/api`;
  const app = createApp({ graylog: { apiUrl, ...timeouts }, prefix: "", manifest });
  // The browser comes over a connection: Deno.serve hands the app the peer's address.
  const overConnection = { remoteAddr: { hostname: "127.0.0.1" } };
  const failures: ServerFailure[] = [];
  const realFetch = globalThis.fetch;
  // The page's calls (relative URLs) go to Sluice; the proxy's own calls to Graylog go out for real.
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    typeof input === "string" && input.startsWith("/")
      ? Promise.resolve(app.request(input, init, overConnection))
      : realFetch(input, init);
  installRequestHooks({
    onUnauthorized: () => {},
    onServerUnreachable: (failure) => failures.push(failure),
    onServerReachable: () => {},
    waitForLogin: () => Promise.resolve(),
  });
  try {
    await test({
      page: (path) => Promise.resolve(app.request(path, { headers: { Cookie: "sluice_session=s1" } }, overConnection)),
      browser: (path, init = {}) => sendApiRequest(path, init),
      failures,
      apiUrl,
    });
  } finally {
    globalThis.fetch = realFetch;
    installRequestHooks(null);
    await upstream.shutdown();
  }
}

Deno.test("a slow Graylog: the page comes after the render's short wait, then the unavailable page says which call timed out and after how long", async () => {
  const release = Promise.withResolvers<void>();
  await withSluiceInFront(async () => {
    await release.promise;
    return graylogJson({});
  }, { timeoutMs: 4000, serverRenderTimeoutMs: 200 }, async ({ page, browser, failures, apiUrl }) => {
    try {
      await (await page("/welcome")).text(); // the first render loads the page modules
      let started = performance.now();
      const document = await page("/search");
      const html = await document.text();
      const renderMs = performance.now() - started;
      assert.equal(document.status, 200);
      assert.ok(renderMs < 4000, `the page waited ${Math.round(renderMs)} ms, not Graylog's whole time-out`);
      assert.match(html, /We are preparing Sluice for you\.\.\./, "the browser asks again itself");
      assert.doesNotMatch(html, /aria-label="Sign in"/, "a slow Graylog does not sign the user out");

      started = performance.now();
      const error = await browser("/api/system/sessions").then(() => null, (thrown: unknown) => thrown);
      const callMs = performance.now() - started;
      assert.ok(error instanceof FetchError && error.status === 504, `a 504, got ${error}`);
      assert.ok(callMs >= 3900 && callMs < 8000, `the browser's call ended after ${Math.round(callMs)} ms`);
      assert.deepEqual(failures.map(({ status, message, method }) => ({ status, message, method })), [{
        status: 504,
        message: `Graylog at ${apiUrl} did not answer GET /system/sessions within 4 s; the call was abandoned.`,
        method: "GET",
      }], "the server-unavailable page shows this message (spec 000 §2.6)");
    } finally {
      release.resolve();
    }
  });
});

/** Error answers as Graylog 5.1's exception mappers write them. */
const GRAYLOG_ERRORS: { path: string; status: number; body: unknown; message: string }[] = [
  {
    path: "/views/search/64785cffe1b9a3c9bd2e7e00/execute",
    status: 400,
    body: { type: "ApiError", message: "Unable to parse query 'http_method:(GET OR': Cannot parse: Encountered \"<EOF>\"" },
    message: "Unable to parse query 'http_method:(GET OR': Cannot parse: Encountered \"<EOF>\"",
  },
  {
    path: "/streams/64784a0fe1b9a3c9bd2e7c00",
    status: 404,
    body: { type: "ApiError", message: "Stream <64784a0fe1b9a3c9bd2e7c00> not found!" },
    message: "Stream <64784a0fe1b9a3c9bd2e7c00> not found!",
  },
  {
    path: "/system/indices/index_sets",
    status: 403,
    body: { type: "ApiError", message: "Not authorized" },
    message: "Not authorized",
  },
  {
    path: "/views",
    status: 400,
    body: { type: "ValidationApiError", message: "Validation failed!", validation_errors: { title: [{ error: "must not be empty", path: "title" }] } },
    message: "Validation failed!",
  },
  {
    path: "/system/cluster/stats",
    status: 500,
    body: "Elasticsearch exception [type=search_phase_execution_exception, reason=all shards failed]",
    message: "Elasticsearch exception [type=search_phase_execution_exception, reason=all shards failed]",
  },
];

Deno.test("Graylog's own error bodies come through the proxy and are the message the UI shows", async () => {
  await withSluiceInFront((request) => {
    const known = GRAYLOG_ERRORS.find(({ path }) => new URL(request.url).pathname === `/api${path}`);
    if (!known) return graylogJson({ type: "ApiError", message: "unexpected call" }, 418);
    return typeof known.body === "string"
      ? new Response(known.body, { status: known.status, headers: { "Content-Type": "text/plain" } })
      : graylogJson(known.body, known.status);
  }, { timeoutMs: 5000, serverRenderTimeoutMs: 5000 }, async ({ browser, failures }) => {
    for (const { path, status, message } of GRAYLOG_ERRORS) {
      const error = await browser(`/api${path}`).then(() => null, (thrown: unknown) => thrown);
      assert.ok(error instanceof FetchError, `${path}: a FetchError`);
      assert.equal(error.status, status, `${path}: ${JSON.stringify(error.body)}`);
      assert.equal(failureMessage(error), message, `${path}: the page's error text is Graylog's message`);
      if (status === 400 || status === 500) assert.ok(errorToastText(error).startsWith(`${message} - `), `${path}: the toast leads with it`);
    }
    assert.deepEqual(failures, [], "Graylog answered: no unavailable page");
  });
});
