import { Hono } from "hono";
import { createApi } from "./api/app.ts";
import type { RequestGuardOptions } from "./api/middleware/request-guard.ts";
import type { Backend } from "./api/schemas/backend.ts";
import { apiBrowserFrame } from "./routes/api-browser-frame.ts";
import { readClientManifest } from "./routes/client-manifest.ts";
import { renderPage } from "./routes/server-render.tsx";
import { inProcessApi } from "./routes/in-process-api.ts";
import { serveAsset } from "./routes/static-assets.ts";
import { DEFAULT_PAGE_CONFIG, type PageConfig } from "./ui/api/page-config.ts";

export interface AppOptions {
  backend: Backend;
  /** Application path prefix, e.g. "/sluice" ("" = mounted at the root). */
  prefix: string;
  devMode?: boolean;
  /** Request body limits of the API (its defaults where not given). */
  limits?: Partial<RequestGuardOptions>;
}

/** The whole server: `/api` (JSON API), `/assets` (client bundle) and every other GET as a server-rendered page. */
export function createApp({ backend, prefix, devMode = false, limits }: AppOptions): Hono {
  const api = createApi({ backend, prefix, limits });
  const manifest = readClientManifest();
  const config: PageConfig = { ...DEFAULT_PAGE_CONFIG, prefix, devMode };
  const site = new Hono({ strict: false });
  site.route("/api", api);
  site.get("/assets/*", (c) => serveAsset(c, c.req.path.slice(c.req.path.indexOf("/assets/") + "/assets/".length)));
  site.get("/api-browser/frame", (c) => c.html(apiBrowserFrame(prefix, config.productName)));
  // The render reads everything, the caller's session and user included, through /api as the browser would, so
  // the same page renders whatever answers /api.
  site.get("*", (c) => renderPage(c.req.raw, { config, manifest, api: inProcessApi(site, c.req.raw) }));
  const app = new Hono({ strict: false });
  if (prefix) {
    app.route(prefix, site);
    app.get("/", (c) => c.redirect(`${prefix}/`));
  } else {
    app.route("/", site);
  }
  return app;
}
