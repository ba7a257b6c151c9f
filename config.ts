import { join } from "node:path";

/** Settings from the environment (README lists them all). */
export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  demoMessages: number;
  demoRate: number;
  adminPassword: string;
  pathPrefix: string;
  /**
   * Proxy mode: the URL of Graylog 5.1's REST API (`…/api`, any path prefix Graylog is served under kept); null
   * runs the embedded backend.
   */
  graylogUrl: string | null;
  /** A PEM file of the certificate authorities Graylog's TLS certificate is checked against (besides the system's). */
  graylogCaFile: string | null;
  /** How long a call forwarded to Graylog may wait for its answer to begin before it fails with 504. */
  graylogTimeoutMs: number;
  /** The largest request body the API accepts, in bytes (413 above). */
  maxRequestBytes: number;
  /** Believe a reverse proxy's X-Forwarded-For (client address) and X-Forwarded-Proto (Secure cookie). */
  trustProxy: boolean;
  /** CSP frame-ancestors sources allowed to frame the dashboard wall display (none: nobody). */
  wallFrameAncestors: string[];
  /** Searches run at once, searches that may wait, and how long one may wait before a 503. */
  searchConcurrency: number;
  searchQueueLength: number;
  searchQueueWaitMs: number;
  /** The SMTP server email notifications are sent to (`smtp://` or `smtps://`); null: they land only in the outbox. */
  smtpUrl: string | null;
  /** The sender of email notifications that name none. */
  smtpFrom: string;
  /** How long a search may run before it is cut off with a 503. */
  searchTimeoutMs: number;
}

export function readSettings(env: Record<string, string | undefined> = Deno.env.toObject()): Settings {
  return {
    port: integer(env.PORT, 9000, "PORT"),
    host: env.HOST || "127.0.0.1",
    dataDir: env.SLUICE_DATA_DIR || "./data",
    demoMessages: integer(env.SLUICE_DEMO_MESSAGES, 200_000, "SLUICE_DEMO_MESSAGES"),
    demoRate: integer(env.SLUICE_DEMO_RATE, 5, "SLUICE_DEMO_RATE"),
    adminPassword: env.SLUICE_ADMIN_PASSWORD || "admin",
    pathPrefix: normalizePrefix(env.SLUICE_PATH_PREFIX ?? ""),
    graylogUrl: env.SLUICE_GRAYLOG_URL ? graylogApiUrl(env.SLUICE_GRAYLOG_URL) : null,
    graylogCaFile: env.SLUICE_GRAYLOG_CA_FILE || null,
    graylogTimeoutMs: Math.max(1, integer(env.SLUICE_GRAYLOG_TIMEOUT_MS, 30_000, "SLUICE_GRAYLOG_TIMEOUT_MS")),
    maxRequestBytes: integer(env.SLUICE_MAX_REQUEST_BYTES, 10 * 1024 * 1024, "SLUICE_MAX_REQUEST_BYTES"),
    trustProxy: flag(env.SLUICE_TRUST_PROXY, "SLUICE_TRUST_PROXY"),
    wallFrameAncestors: frameAncestors(env.SLUICE_WALL_FRAME_ANCESTORS ?? ""),
    searchConcurrency: Math.max(1, integer(env.SLUICE_SEARCH_CONCURRENCY, 2, "SLUICE_SEARCH_CONCURRENCY")),
    searchQueueLength: integer(env.SLUICE_SEARCH_QUEUE_LENGTH, 500, "SLUICE_SEARCH_QUEUE_LENGTH"),
    searchQueueWaitMs: integer(env.SLUICE_SEARCH_QUEUE_WAIT_MS, 30_000, "SLUICE_SEARCH_QUEUE_WAIT_MS"),
    smtpUrl: env.SLUICE_SMTP_URL ? smtpUrl(env.SLUICE_SMTP_URL) : null,
    smtpFrom: env.SLUICE_SMTP_FROM || "graylog@example.com",
    searchTimeoutMs: Math.max(1, integer(env.SLUICE_SEARCH_TIMEOUT_MS, 60_000, "SLUICE_SEARCH_TIMEOUT_MS")),
  };
}

/** SLUICE_SMTP_URL: an smtp:// or smtps:// URL with a host. */
function smtpUrl(value: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : null;
  if (!parsed || !/^smtps?:$/.test(parsed.protocol) || parsed.hostname === "") {
    throw new Error(`SLUICE_SMTP_URL must be an smtp:// or smtps:// URL such as smtp://mail.example.com:587, got '${value}'`);
  }
  return value;
}

export function databasePath(settings: Settings): string {
  return join(settings.dataDir, "sluice.duckdb");
}

/** "/sluice/" and "sluice" both become "/sluice"; "/" becomes "". */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, "");
  if (trimmed && !/^[A-Za-z0-9._~\-\/]+$/.test(trimmed)) throw new Error(`SLUICE_PATH_PREFIX '${prefix}' has characters not allowed in a path`);
  return trimmed ? `/${trimmed}` : "";
}

/**
 * Graylog's REST API URL from SLUICE_GRAYLOG_URL: Graylog's address, with or without its `/api` (Graylog 5.1
 * serves the API at `/api` below the address it is published at, a reverse proxy's path prefix included), e.g.
 * `https://graylog.example:9000` or `https://ops.example/graylog/api` → `https://ops.example/graylog/api`.
 */
export function graylogApiUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`SLUICE_GRAYLOG_URL must be an http or https URL such as https://graylog.example:9000/api, got '${value}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`SLUICE_GRAYLOG_URL must be an http or https URL such as https://graylog.example:9000/api, got '${value}'`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`SLUICE_GRAYLOG_URL takes no query, fragment or credentials (credentials come from each user), got '${value}'`);
  }
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith("/api") ? path : `${path}/api`;
  return url.toString();
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw new Error(`${name} must be true or false, got '${value}'`);
}

/** Space-separated CSP source expressions (origins such as https://intranet.example.com, or 'self'). */
function frameAncestors(value: string): string[] {
  const sources = value.split(/\s+/).filter(Boolean);
  for (const source of sources) {
    if (!/^('self'|https?:\/\/[A-Za-z0-9.\-*]+(:\d+)?)$/.test(source)) {
      throw new Error(`SLUICE_WALL_FRAME_ANCESTORS: '${source}' is not an origin such as https://intranet.example.com or 'self'`);
    }
  }
  return sources;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return parsed;
}
