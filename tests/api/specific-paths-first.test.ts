import assert from "node:assert/strict";
import { z } from "@hono/zod-openapi";
import { PUBLIC } from "../../api/access.ts";
import { createApiRouter } from "../../api/router.ts";
import { jsonContent, secureRoute } from "../../api/secure-route.ts";
import { mountSpecificPathsFirst } from "../../api/specific-paths-first.ts";

/** An area router whose GET routes answer with their own path template, registered in the order given. */
function area(...paths: string[]) {
  const router = createApiRouter();
  for (const path of paths) {
    const route = secureRoute(PUBLIC, {
      method: "get",
      path,
      summary: path,
      request: { params: z.object(Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, z.string()]))) },
      responses: { 200: jsonContent(z.object({ route: z.string() }), "The route that answered.") },
    });
    router.openapi(route, (c) => c.json({ route: path }, 200));
  }
  return router;
}

// The specific paths other areas add next to parameter routes, each registered AFTER the parameter route.
const CASES: [parameterRoute: string, specific: string, request: string][] = [
  ["/users/{username}", "/users/paginated", "/users/paginated"],
  ["/events/definitions/{id}", "/events/definitions/paginated", "/events/definitions/paginated"],
  ["/messages/{index}/{messageId}", "/messages/{index}/analyze", "/messages/graylog_0/analyze"],
];

Deno.test("a specific path registered after a parameter route that also matches it is still answered by its own route", async () => {
  const api = createApiRouter();
  mountSpecificPathsFirst(api, CASES.map(([parameterRoute, specific]) => area(parameterRoute, specific)));
  for (const [parameterRoute, specific, request] of CASES) {
    assert.deepEqual(await (await api.request(request)).json(), { route: specific }, request);
    const other = request.replace(/[^/]+$/, "0123456789abcdef01234567");
    assert.deepEqual(await (await api.request(other)).json(), { route: parameterRoute }, other);
  }
});

Deno.test("mounting areas specific paths first keeps every operation in the OpenAPI document", () => {
  const api = createApiRouter();
  mountSpecificPathsFirst(api, CASES.map(([parameterRoute, specific]) => area(parameterRoute, specific)));
  const paths = Object.keys(api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ?? {});
  assert.deepEqual(paths.sort(), CASES.flatMap(([a, b]) => [a, b]).sort());
});
