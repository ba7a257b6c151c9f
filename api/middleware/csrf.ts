import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.ts";
import { REQUESTED_BY_HEADER } from "../context.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses every state-changing request without the X-Requested-By header (a cross-site form cannot set it). */
export function csrfProtection(): MiddlewareHandler {
  return async function csrfProtection(c, next) {
    if (!SAFE_METHODS.has(c.req.method) && !c.req.header(REQUESTED_BY_HEADER)) {
      throw new ApiError(400, `Missing header ${REQUESTED_BY_HEADER}: state-changing requests must carry it (CSRF protection).`);
    }
    await next();
  };
}
