/**
 * Who may call a route. Every API route declares one (see `secureRoute`): public, any signed-in user, or a
 * list of permissions (templates may name path parameters, e.g. `users:edit:{username}`).
 */
export type Access =
  | { kind: "public" }
  | { kind: "authenticated" }
  | { kind: "permissions"; permissions: readonly string[]; any?: boolean };

export const PUBLIC: Access = { kind: "public" };
export const AUTHENTICATED: Access = { kind: "authenticated" };

export function requires(...permissions: string[]): Access {
  return { kind: "permissions", permissions };
}

export function requiresAny(...permissions: string[]): Access {
  return { kind: "permissions", permissions, any: true };
}

/** The OpenAPI extension under which each operation documents its access rule. */
export const ACCESS_EXTENSION = "x-sluice-access";

export function describeAccess(access: Access): string {
  switch (access.kind) {
    case "public":
      return "public";
    case "authenticated":
      return "authenticated";
    case "permissions":
      return `${access.any ? "any of" : "all of"}: ${access.permissions.join(", ")}`;
  }
}
