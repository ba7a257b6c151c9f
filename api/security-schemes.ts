import type { OpenAPIHono } from "@hono/zod-openapi";
import { REQUESTED_BY_HEADER, SESSION_COOKIE } from "./context.ts";

/** How a caller proves who it is, as the OpenAPI document declares it (see `authenticate`). */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie set by `POST /system/sessions`.",
  },
  basic: {
    type: "http",
    scheme: "basic",
    description: "HTTP basic auth as Graylog reads it: `username:password`, `sessionId:session` (a session id as " +
      "the user name, the word `session` as the password) or `token:token` (an access token of " +
      "`POST /users/{username}/tokens/{name}` as the user name, the word `token` as the password).",
  },
} as const;

/** The `security` of every operation that needs a signed-in caller: either scheme will do. */
export const SIGNED_IN_SECURITY = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] as string[] }));

/** The header every state-changing operation requires (see `csrfProtection`). */
export const REQUESTED_BY_PARAMETER = {
  name: REQUESTED_BY_HEADER,
  in: "header",
  required: true,
  description: "Any value, e.g. the client's name: a cross-site form cannot set it (CSRF protection).",
  schema: { type: "string", minLength: 1 },
} as const;

/** Declares the security schemes in the API's OpenAPI document. */
export function registerSecuritySchemes(api: OpenAPIHono): void {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
}
