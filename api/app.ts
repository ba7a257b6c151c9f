import { HTTPException } from "hono/http-exception";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PRODUCT_NAME, PRODUCT_VERSION } from "../shared/product.ts";
import { ApiError, MissingStreamPermissionError } from "./errors.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { csrfProtection } from "./middleware/csrf.ts";
import { createApiRouter } from "./router.ts";
import { clusterConfigApi } from "./routes/cluster-config.ts";
import { decoratorsApi } from "./routes/decorators.ts";
import { entityListPreferencesApi } from "./routes/entity-list-preferences.ts";
import { eventsApi } from "./routes/events.ts";
import { favoritesApi } from "./routes/favorites.ts";
import { grokApi } from "./routes/grok.ts";
import { sessionsApi } from "./routes/sessions.ts";
import { sharesApi } from "./routes/shares.ts";
import { systemApi } from "./routes/system.ts";
import { searchSupportApi } from "./routes/search-support.ts";
import { streamsApi } from "./routes/streams.ts";
import { toolsApi } from "./routes/tools.ts";
import { viewsSearchApi } from "./routes/views-search.ts";
import { usersApi } from "./routes/users.ts";
import { viewsApi } from "./routes/views.ts";
import type { Backend } from "./schemas/backend.ts";

export interface ApiOptions {
  backend: Backend;
  /** The application path prefix; the session cookie is scoped to it. */
  prefix: string;
}

/** The JSON API mounted under `/api`: middleware stack, every area's routes, the OpenAPI document. */
export function createApi({ backend, prefix }: ApiOptions): OpenAPIHono {
  const api = createApiRouter();
  api.use("*", csrfProtection());
  api.use("*", authenticate({ backend }));
  api.route("/", sessionsApi(prefix || "/"));
  api.route("/", systemApi());
  api.route("/", usersApi());
  api.route("/", favoritesApi());
  api.route("/", entityListPreferencesApi());
  api.route("/", clusterConfigApi());
  api.route("/", toolsApi());
  api.route("/", viewsSearchApi());
  api.route("/", searchSupportApi());
  api.route("/", decoratorsApi());
  api.route("/", streamsApi());
  api.route("/", sharesApi());
  api.route("/", eventsApi());
  api.route("/", grokApi());
  // Last: GET /views/{id} would otherwise answer GET /views/fields (and refuse "fields" as an id).
  api.route("/", viewsApi());
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: PRODUCT_VERSION,
      description: "Graylog 5.1 compatible REST API of Sluice. State-changing calls need the X-Requested-By header.",
    },
    servers: [{ url: `${prefix}/api` }],
  });
  api.notFound((c) => c.json({ type: "ApiError", message: `No API resource at ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  api.onError((error, c) => {
    if (error instanceof MissingStreamPermissionError) {
      return c.json({ type: "MissingStreamPermission", message: error.message, streams: [...error.streams] }, 403);
    }
    if (error instanceof ApiError) return c.json({ type: "ApiError", message: error.message }, error.status);
    if (error instanceof HTTPException) {
      return c.json({ type: "ApiError", message: error.message || "Bad request" }, error.status);
    }
    console.error("Unhandled API error", error);
    return c.json({ type: "ApiError", message: `Internal server error: ${error.message}` }, 500);
  });
  return api;
}
