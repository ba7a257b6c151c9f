import type { Context } from "hono";

/** The connection's peer as Deno.serve reports it (the second argument of `fetch`, Hono's `c.env`). */
export interface PeerBindings {
  remoteAddr?: { hostname?: string };
}

/**
 * The caller's address, for login throttling and the session's host: the connection's peer, or, behind a
 * trusted reverse proxy (SLUICE_TRUST_PROXY), the first address of X-Forwarded-For. "unknown" for in-process
 * calls, which have no peer.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  return (c.env as PeerBindings | undefined)?.remoteAddr?.hostname ?? "unknown";
}

/** Whether the caller reached the server over TLS: directly, or (trusted proxy) as X-Forwarded-Proto says. */
export function overTls(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  return trustProxy && c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}
