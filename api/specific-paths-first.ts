import type { OpenAPIHono } from "@hono/zod-openapi";
import { createApiRouter } from "./router.ts";

/**
 * Mounts the areas' routers on the API with every specific path before the parameter routes that would also
 * match it. Hono answers with the first route registered that matches, so `GET /users/{username}` registered
 * before `GET /users/paginated` would swallow it (and refuse "paginated" as a user name); with this, the order
 * areas and routes are written in does not matter.
 */
export function mountSpecificPathsFirst(api: OpenAPIHono, areas: readonly OpenAPIHono[]): void {
  const merged = createApiRouter();
  for (const area of areas) merged.route("/", area);
  const ordered = createApiRouter();
  const routes = merged.routes.map((route, order) => ({ route, order, key: pathKey(route.path) }));
  routes.sort((a, b) => compareKeys(a.key, b.key) || a.order - b.order);
  for (const { route } of routes) ordered.on(route.method, route.path, route.handler);
  ordered.openAPIRegistry = merged.openAPIRegistry;
  api.route("/", ordered);
}

/** Per segment: literal text ranks before a `:parameter`, which ranks before a wildcard. */
type PathKey = readonly (readonly [rank: number, text: string])[];

function pathKey(path: string): PathKey {
  return path.split("/").filter(Boolean).map((segment) =>
    segment === "*" ? [2, ""] as const : segment.startsWith(":") ? [1, ""] as const : [0, segment] as const
  );
}

function compareKeys(a: PathKey, b: PathKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const byRank = a[i][0] - b[i][0];
    if (byRank !== 0) return byRank;
    if (a[i][1] !== b[i][1]) return a[i][1] < b[i][1] ? -1 : 1;
  }
  return a.length - b.length;
}
