import type { User } from "../../../api/schemas/user.ts";
import { entityOwnPermission, isPermitted } from "../../../shared/permissions.ts";

/**
 * Whether the user may change a dashboard (spec 001 §6): its owner, `dashboards:edit:{id}` (administrators hold
 * `*`), or the dashboard's own grant. Everyone else sees it read-only.
 */
export function mayEditDashboard(user: Pick<User, "username" | "permissions">, view: { id: string; owner: string }): boolean {
  return view.owner === user.username || isPermitted(user.permissions, `dashboards:edit:${view.id}`) ||
    isPermitted(user.permissions, entityOwnPermission("dashboard", view.id));
}
