import { createRoute, z } from "@hono/zod-openapi";
import type { RouteConfig } from "@hono/zod-openapi";
import { ACCESS_EXTENSION, type Access, describeAccess } from "./access.ts";
import { authorize } from "./middleware/authorize.ts";
import { csrfProtection, isStateChanging } from "./middleware/csrf.ts";
import { operationIdOf } from "./operation-id.ts";
import { REQUESTED_BY_PARAMETER, SIGNED_IN_SECURITY } from "./security-schemes.ts";
import { ApiErrorSchema } from "./schemas/errors.ts";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ApiErrorSchema } },
});

/**
 * `createRoute` plus what every operation of the API has, so that no route can forget it: the access rule
 * (enforced by `authorize`, documented in `x-sluice-access` and as the operation's `security`), the
 * X-Requested-By header of state-changing calls (enforced by `csrfProtection`, documented as a required header),
 * an `operationId` derived from the method and path, and the error answers every route can give.
 */
export function secureRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  access: Access,
  config: R,
): R & { getRoutingPath(): string } {
  const stateChanging = isStateChanging(config.method);
  const hasBody = config.request?.body !== undefined;
  const withAccess = {
    operationId: operationIdOf(config.method, config.path),
    security: access.kind === "public" ? [] : SIGNED_IN_SECURITY,
    ...config,
    ...(stateChanging ? { parameters: [REQUESTED_BY_PARAMETER, ...(config.parameters ?? [])] } : {}),
    middleware: [...(stateChanging ? [csrfProtection()] : []), authorize(access)],
    [ACCESS_EXTENSION]: describeAccess(access),
    responses: {
      ...config.responses,
      400: errorResponse("The request is malformed; the message names the field."),
      ...(access.kind === "public" ? {} : { 401: errorResponse("Not signed in.") }),
      ...(access.kind === "permissions" && !config.responses[403] ? { 403: errorResponse("Missing permission.") } : {}),
      ...(hasBody
        ? {
          413: errorResponse("The request body is larger than the server accepts."),
          415: errorResponse("The request body is not of a content type the operation reads."),
        }
        : {}),
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
