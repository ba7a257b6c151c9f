/**
 * The contract suite's second run (issue 18): the embedded backend's API served on loopback by a second Sluice
 * (optionally under a path prefix, as a Graylog behind a reverse proxy), and a Sluice in proxy mode in front of
 * it. Calls go to the proxy; it forwards them over HTTP as to a real Graylog.
 */
import { Hono } from "hono";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEntrance } from "./api-harness.ts";
import { createProxyApi } from "../../api/proxy/proxy-api.ts";

export interface ProxiedApi {
  /** The proxy's API (mounted at its root, as the harness calls it). */
  proxy: ApiEntrance;
  /** The upstream's API URL, e.g. http://127.0.0.1:41234/graylog/api. */
  upstreamUrl: string;
  close(): Promise<void>;
}

export interface ProxyInFrontOptions {
  /** The proxy's application path prefix (its session cookie's path). */
  prefix: string;
  maxBodyBytes: number;
  trustProxy?: boolean;
  /** The proxy's time-out for an answer to begin (30 s by default). */
  timeoutMs?: number;
  /**
   * Where the upstream serves its API, e.g. `/graylog/api`; at the root by default, where its answers (404
   * texts name the path) are word for word those of the API called directly.
   */
  upstreamPath?: string;
}

export function serveThroughProxy(upstreamApi: OpenAPIHono, options: ProxyInFrontOptions): ProxiedApi {
  const upstreamSite = new Hono();
  const upstreamPath = options.upstreamPath ?? "";
  upstreamSite.route(upstreamPath || "/", upstreamApi);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, upstreamSite.fetch);
  const upstreamUrl = `http://127.0.0.1:${server.addr.port}${upstreamPath}`;
  const api = createProxyApi({
    upstream: { apiUrl: upstreamUrl, timeoutMs: options.timeoutMs ?? 30_000 },
    prefix: options.prefix,
    maxBodyBytes: options.maxBodyBytes,
    trustProxy: options.trustProxy,
  });
  // Called as over a connection (the peer's address in the env, as Deno.serve gives it), like a browser or a
  // script: a call without one is the server render's, which the proxy waits for less long.
  const proxy: ApiEntrance = { request: (path, init) => api.request(path, init, { remoteAddr: { hostname: "127.0.0.1" } }) };
  return { proxy, upstreamUrl, close: () => server.shutdown() };
}
