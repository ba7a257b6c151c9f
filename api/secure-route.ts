import { createRoute, z } from "@hono/zod-openapi";
import type { RouteConfig } from "@hono/zod-openapi";
import { ACCESS_EXTENSION, type Access, describeAccess } from "./access.ts";
import { authorize } from "./middleware/authorize.ts";
import { ApiErrorSchema } from "./schemas/errors.ts";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ApiErrorSchema } },
});

/**
 * `createRoute` plus the route's access rule: enforced by the `authorize` middleware and documented in the
 * OpenAPI operation, together with the error answers every route can give.
 */
export function secureRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  access: Access,
  config: R,
): R & { getRoutingPath(): string } {
  const withAccess = {
    ...config,
    middleware: [authorize(access)],
    [ACCESS_EXTENSION]: describeAccess(access),
    responses: {
      ...config.responses,
      400: errorResponse("The request is malformed; the message names the field."),
      ...(access.kind === "public" ? {} : { 401: errorResponse("Not signed in.") }),
      ...(access.kind === "permissions" && !config.responses[403] ? { 403: errorResponse("Missing permission.") } : {}),
    },
  };
  return createRoute(withAccess as unknown as R & { path: P });
}

/** The `{type:"ApiError"}`-free empty answer. */
export const NoContent = { 204: { description: "Done; no content." } } as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
