/**
 * A stand-in Graylog on loopback that answers every call with one recorded answer, and a Sluice proxy API in
 * front of it: for tests of what the proxy does to an answer (shape adapters, errors, time-outs).
 */
import { createProxyApi } from "../../api/proxy/proxy-api.ts";

export interface FakeGraylog {
  /** The proxy's API, called as the harness calls an API (`/path` below `/api`). */
  proxy: { request(path: string, init?: RequestInit): Response | Promise<Response> };
  close(): Promise<void>;
}

export interface FakeGraylogOptions {
  /** The proxy's time-out for an answer to begin (30 s by default). */
  timeoutMs?: number;
}

export function fakeGraylog(answer: (request: Request) => Response | Promise<Response>, options: FakeGraylogOptions = {}): FakeGraylog {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, answer);
  const api = createProxyApi({
    upstream: { apiUrl: `http://127.0.0.1:${server.addr.port}/api`, timeoutMs: options.timeoutMs ?? 30_000 },
    prefix: "",
    maxBodyBytes: 1 << 20,
  });
  // As a browser's call, over a connection (the server render's calls come without one).
  const proxy = { request: (path: string, init?: RequestInit) => api.request(path, init, { remoteAddr: { hostname: "127.0.0.1" } }) };
  return { proxy, close: () => server.shutdown() };
}

/** Graylog's JSON answer as its REST API writes it. */
export function graylogJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
