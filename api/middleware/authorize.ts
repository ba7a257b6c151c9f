import type { MiddlewareHandler } from "hono";
import { fillPermissionTemplate, isAnyPermitted, isPermitted } from "../../shared/permissions.ts";
import type { Access } from "../access.ts";
import { ApiError, forbidden } from "../errors.ts";

/** Enforces a route's declared access: 401 without a signed-in user, 403 without the permissions. */
export function authorize(access: Access): MiddlewareHandler {
  return async function authorize(c, next) {
    if (access.kind !== "public") {
      const user = c.get("user");
      if (!user) throw new ApiError(401, "Not authenticated: sign in first.");
      if (access.kind === "permissions") {
        const params = c.req.param() as Record<string, string>;
        const required = access.permissions.map((p) => fillPermissionTemplate(p, params));
        const permitted = access.any ? isAnyPermitted(user.permissions, required) : isPermitted(user.permissions, required);
        if (!permitted) throw forbidden();
      }
    }
    await next();
  };
}
