/**
 * The built-in administrator: it cannot be deleted or disabled (Graylog protects its root user the same way), so
 * that an installation always keeps one account that may do everything.
 */
export const BUILT_IN_ADMIN_USERNAME = "admin";

/**
 * What every user may do to their own account (Graylog grants these to each user implicitly): read and edit it,
 * change their password, and manage their access tokens. Read-only users get only what they are given.
 */
export function selfPermissions(username: string): string[] {
  return ["read", "edit", "passwordchange", "tokenlist", "tokencreate", "tokenremove"].map((action) => `users:${action}:${username}`);
}
