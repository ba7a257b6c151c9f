import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { paths } from "../shared/paths.ts";

export interface SecurityHeadersOptions {
  /** The application path prefix ("" at the root). */
  prefix: string;
  /**
   * Who may frame the dashboard wall display (SLUICE_WALL_FRAME_ANCESTORS, CSP source expressions such as
   * `https://intranet.example.com`); empty: nobody, like every other page.
   */
  wallFrameAncestors: readonly string[];
}

/**
 * Security headers on every page and API answer: a Content-Security-Policy whose only inline scripts are the
 * document's own, carrying this response's nonce (`c.get("secureHeadersNonce")`); nosniff; no referrer sent to
 * other sites; no framing, except the API browser's Swagger UI frame (by the app itself) and the wall display
 * (where configured). Inline styles stay allowed: Mantine, CodeMirror and the charts set style attributes and
 * style elements at run time, which nonces cannot cover (attributes) and which cannot run script.
 */
export function securityHeaders({ prefix, wallFrameAncestors }: SecurityHeadersOptions): MiddlewareHandler {
  const everywhere = policy(["'none'"]);
  const apiBrowserFrame = policy(["'self'"]);
  const wallDisplay = wallFrameAncestors.length > 0 ? policy(wallFrameAncestors) : everywhere;
  const wallPrefix = `${prefix}${paths.dashboardTv.pattern.slice(0, paths.dashboardTv.pattern.indexOf(":"))}`;
  return async function securityHeaders(c, next) {
    const path = c.req.path;
    const chosen = path === `${prefix}/api-browser/frame` ? apiBrowserFrame : path.startsWith(wallPrefix) ? wallDisplay : everywhere;
    await chosen(c, next);
  };
}

function policy(frameAncestors: readonly string[]): MiddlewareHandler {
  const framedByNobody = frameAncestors.length === 1 && frameAncestors[0] === "'none'";
  const framedBySelf = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", "blob:"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [...frameAncestors],
    },
    // X-Frame-Options for browsers without frame-ancestors; it cannot name other sites, so a configured wall
    // display relies on frame-ancestors alone.
    xFrameOptions: framedByNobody ? "DENY" : framedBySelf ? "SAMEORIGIN" : false,
    referrerPolicy: "same-origin",
    // TLS is terminated in front of Sluice when at all; HSTS is that proxy's to send.
    strictTransportSecurity: false,
  });
}
