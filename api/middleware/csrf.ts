import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.ts";
import { REQUESTED_BY_HEADER } from "../context.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request (or an operation, by its lower-case method) changes state and so needs X-Requested-By. */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Refuses a state-changing request without the X-Requested-By header (a cross-site form cannot set it).
 * `secureRoute` puts it on every state-changing operation.
 */
export function csrfProtection(): MiddlewareHandler {
  return async function csrfProtection(c, next) {
    if (isStateChanging(c.req.method) && !c.req.header(REQUESTED_BY_HEADER)) {
      throw new ApiError(400, `Missing header ${REQUESTED_BY_HEADER}: state-changing requests must carry it (CSRF protection).`);
    }
    await next();
  };
}
