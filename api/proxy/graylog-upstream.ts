import { readFileSync } from "node:fs";

/** The Graylog 5.1 REST API that proxy mode forwards `/api` to. */
export interface GraylogUpstream {
  /** Its REST API's URL, e.g. `https://graylog.example:9000/api` (no trailing slash). */
  apiUrl: string;
  /** How long a call may wait for Graylog's answer to begin; then it fails with 504. */
  timeoutMs: number;
  /**
   * How long a page's server render waits for one answer before it leaves that data to the browser (5 s, or
   * `timeoutMs` when shorter): a slow Graylog must not hold the page back for the whole time-out, twice.
   */
  serverRenderTimeoutMs?: number;
  /** The HTTP client that trusts the configured certificate authorities; the default client when none is set. */
  client?: Deno.HttpClient;
}

export interface GraylogUpstreamOptions {
  apiUrl: string;
  timeoutMs: number;
  /** A PEM file with the certificate authorities (one or more) Graylog's certificate may be issued by. */
  caFile?: string | null;
}

/** The upstream from the settings; a CA file that cannot be read, or holds no certificate, stops the start. */
export function graylogUpstream({ apiUrl, timeoutMs, caFile }: GraylogUpstreamOptions): GraylogUpstream {
  const upstream: GraylogUpstream = { apiUrl: apiUrl.replace(/\/+$/, ""), timeoutMs };
  if (caFile) {
    let pem: string;
    try {
      pem = readFileSync(caFile, "utf8");
    } catch (error) {
      throw new Error(`SLUICE_GRAYLOG_CA_FILE '${caFile}' cannot be read: ${error instanceof Error ? error.message : error}`);
    }
    if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
      throw new Error(`SLUICE_GRAYLOG_CA_FILE '${caFile}' holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    }
    upstream.client = Deno.createHttpClient({ caCerts: [pem] });
  }
  return upstream;
}
