import assert from "node:assert/strict";
import { QueryClient } from "@tanstack/react-query";
import { apiCall } from "../../../ui/api/api-client.ts";
import { installRequestHooks } from "../../../ui/api/api-transport.ts";
import { FetchError } from "../../../ui/api/fetch-error.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../../ui/api/resource-query.ts";
import { prefetchResourceQuery } from "../../../routes/ssr-prefetch.ts";

/** Replaces fetch for one test and records what went out. */
async function withFakeServer(respond: (request: Request) => Response, test: (requests: Request[]) => Promise<void>) {
  const requests: Request[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), "http://sluice.test"), init);
    requests.push(request);
    return Promise.resolve(respond(request.clone()));
  };
  installRequestHooks(null);
  try {
    await test(requests);
  } finally {
    globalThis.fetch = realFetch;
  }
}

Deno.test("a typed call fills in its path parameters, encoded, and sends its body as JSON", async () => {
  await withFakeServer(() => Response.json({ type: "ok" }), async (requests) => {
    await apiCall("post", "/authz/shares/entities/{grn}/prepare", {
      params: { path: { grn: "grn::::search:a b" } },
      body: {},
    });
    const [request] = requests;
    assert.equal(request.method, "POST");
    assert.equal(new URL(request.url).pathname, "/api/authz/shares/entities/grn%3A%3A%3A%3Asearch%3Aa%20b/prepare");
    assert.equal(request.headers.get("X-Requested-By"), "XMLHttpRequest");
    assert.equal(request.headers.get("Content-Type"), "application/json");
    assert.deepEqual(await request.json(), {});
  });
});

Deno.test("query parameters are written into the URL and a 204 answers undefined", async () => {
  await withFakeServer(() => new Response(null, { status: 204 }), async (requests) => {
    assert.equal(await apiCall("delete", "/search/decorators/{id}", { params: { path: { id: "d1" } } }), undefined);
    await apiCall("get", "/favorites", { params: { query: { page: 2, per_page: 50 } } }).catch(() => {});
    assert.equal(new URL(requests[1].url).search, "?page=2&per_page=50");
  });
});

Deno.test("a failed call rejects with a FetchError carrying the status and the body's message", async () => {
  await withFakeServer(
    () => Response.json({ type: "ApiError", message: "Decorator d1 not found" }, { status: 404, statusText: "Not Found" }),
    async () => {
      const error = await apiCall("delete", "/search/decorators/{id}", { params: { path: { id: "d1" } } }).catch((e) => e);
      assert.ok(error instanceof FetchError);
      assert.equal(error.status, 404);
      assert.equal(error.bodyMessage, "Decorator d1 not found");
      assert.equal(error.url, "/api/search/decorators/d1");
    },
  );
});

Deno.test("a resource is keyed by its path and parameters, and the path's key matches every parameter set", () => {
  const admin = resourceQueryOptions("/users/{username}", { path: { username: "admin" } });
  assert.deepEqual(admin.queryKey, ["/users/{username}", { path: { username: "admin" } }]);
  assert.deepEqual(resourceQueryOptions("/streams").queryKey, ["/streams", {}]);
  const client = new QueryClient();
  client.setQueryData(admin.queryKey, { username: "admin" } as never);
  client.setQueryData(resourceQueryOptions("/users/{username}", { path: { username: "reader" } }).queryKey, {} as never);
  assert.equal(client.getQueryCache().findAll({ queryKey: resourceQueryKey("/users/{username}") }).length, 2);
});

Deno.test("the same resource read by two areas is one cache entry", () => {
  const client = new QueryClient();
  client.setQueryData(resourceQueryOptions("/streams", undefined, { staleTime: 60_000 }).queryKey, { total: 0 } as never);
  assert.deepEqual(client.getQueryData(resourceQueryOptions("/streams").queryKey), { total: 0 });
});

Deno.test("a read answered by POST is keyed by its path and what it posts", async () => {
  await withFakeServer(() => Response.json({ total: 0, metrics: [] }), async (requests) => {
    const options = postedQueryOptions("/system/metrics/multiple", { body: { metrics: ["a"] } });
    assert.deepEqual(options.queryKey, ["/system/metrics/multiple", { body: { metrics: ["a"] } }]);
    const data = await new QueryClient().fetchQuery(options);
    assert.deepEqual(data, { total: 0, metrics: [] });
    assert.deepEqual(await requests[0].json(), { metrics: ["a"] });
  });
});

Deno.test("server-side prefetch replays a resource's key through the in-process API", async () => {
  const called: string[] = [];
  const client = new QueryClient();
  const options = resourceQueryOptions("/favorites", { query: { page: 1, per_page: 50 } });
  await prefetchResourceQuery(client, options, (apiPath) => {
    called.push(apiPath);
    return Promise.resolve(Response.json({ favorites: [] }));
  });
  assert.deepEqual(called, ["/favorites?page=1&per_page=50"]);
  assert.deepEqual(client.getQueryData(options.queryKey), { favorites: [] });
});

Deno.test("a failed server-side prefetch leaves the query empty", async () => {
  const client = new QueryClient();
  const options = resourceQueryOptions("/system");
  await prefetchResourceQuery(client, options, () => Promise.resolve(new Response("no", { status: 500 })));
  assert.equal(client.getQueryData(options.queryKey), undefined);
});
