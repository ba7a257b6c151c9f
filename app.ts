import { Hono } from "hono";
import { type ApiOptions, createApi } from "./api/app.ts";
import { DEFAULT_REQUEST_LIMITS, type RequestGuardOptions } from "./api/middleware/request-guard.ts";
import type { GraylogUpstream } from "./api/proxy/graylog-upstream.ts";
import { createProxyApi } from "./api/proxy/proxy-api.ts";
import type { Backend } from "./api/schemas/backend.ts";
import { apiBrowserFrame } from "./routes/api-browser-frame.ts";
import { type ClientManifest, readClientManifest } from "./routes/client-manifest.ts";
import { securityHeaders } from "./routes/security-headers.ts";
import { renderPage } from "./routes/server-render.tsx";
import { inProcessApi } from "./routes/in-process-api.ts";
import { serveAsset } from "./routes/static-assets.ts";
import { DEFAULT_PAGE_CONFIG, type PageConfig } from "./ui/api/page-config.ts";

/** What answers `/api`: the embedded backend, or (proxy mode, SLUICE_GRAYLOG_URL) a real Graylog 5.1. */
export type AppApiSource = { backend: Backend; graylog?: never } | { graylog: GraylogUpstream; backend?: never };

export type AppOptions = AppApiSource & AppSettings;

export interface AppSettings {
  /** Application path prefix, e.g. "/sluice" ("" = mounted at the root). */
  prefix: string;
  devMode?: boolean;
  /** Request body limits of the API (its defaults where not given). */
  limits?: Partial<RequestGuardOptions>;
  /** The API's security settings: a trusted proxy, sign-in throttling, the search queue (embedded backend only). */
  api?: Omit<ApiOptions, "backend" | "prefix" | "limits">;
  /** Origins that may frame the dashboard wall display (SLUICE_WALL_FRAME_ANCESTORS). */
  wallFrameAncestors?: readonly string[];
  /** The client build; read from the dist directory when not given (tests give one). */
  manifest?: ClientManifest;
}

/** The whole server: `/api` (JSON API, embedded or forwarded to Graylog), `/assets` (client bundle) and every other GET as a server-rendered page. */
export function createApp(options: AppOptions): Hono {
  const { prefix, devMode = false, limits, api: apiOptions, wallFrameAncestors = [], manifest = readClientManifest() } = options;
  const config: PageConfig = { ...DEFAULT_PAGE_CONFIG, prefix, devMode };
  const site = new Hono({ strict: false });
  if (options.graylog) {
    site.route("/api", createProxyApi({
      upstream: options.graylog,
      prefix,
      maxBodyBytes: limits?.maxBodyBytes ?? DEFAULT_REQUEST_LIMITS.maxBodyBytes,
      trustProxy: apiOptions?.trustProxy,
    }));
  } else {
    site.route("/api", createApi({ ...apiOptions, backend: options.backend, prefix, limits }));
  }
  site.get("/assets/*", (c) => serveAsset(c, c.req.path.slice(c.req.path.indexOf("/assets/") + "/assets/".length)));
  site.get("/api-browser/frame", (c) => c.html(apiBrowserFrame(prefix, config.productName, c.get("secureHeadersNonce") ?? "")));
  // The render reads everything, the caller's session and user included, through /api as the browser would, so
  // the same page renders whatever answers /api.
  site.get("*", (c) =>
    renderPage(c.req.raw, { config, manifest, api: inProcessApi(site, c.req.raw), nonce: c.get("secureHeadersNonce") }));
  const app = new Hono({ strict: false });
  app.use("*", securityHeaders({ prefix, wallFrameAncestors }));
  if (prefix) {
    app.route(prefix, site);
    app.get("/", (c) => c.redirect(`${prefix}/`));
  } else {
    app.route("/", site);
  }
  return app;
}
