import { createGrn } from "../shared/grn.ts";
import { isPermitted } from "../shared/permissions.ts";
import type { Backend } from "./schemas/backend.ts";
import { type Capability, capabilityIncludes, EVERYONE_GRN } from "./schemas/shares.ts";
import type { User } from "./schemas/user.ts";
import type { StoredView } from "./schemas/views.ts";

/** Who may do what with a saved search or dashboard: grants (spec 002 §3–§5) and view permissions. */

/** A user's GRN, as grants name their grantee. */
export const userGrn = (user: User): string => createGrn("user", user.id);

/** The grantee GRNs that stand for a user: the user itself, their teams and Everyone. */
export async function granteesOf(backend: Backend, user: User): Promise<string[]> {
  const teams = await backend.teams.ofUser(user.id);
  return [userGrn(user), ...teams.map((team) => createGrn("team", team.id)), EVERYONE_GRN];
}

/**
 * The strongest capability a user has on a view: administrators (`*`) own everything; otherwise the grants
 * to the user or Everyone, and `view:edit:{id}` / `view:read:{id}` permissions held directly.
 */
export async function viewCapability(
  backend: Backend,
  user: User,
  view: Pick<StoredView, "id" | "type">,
): Promise<Capability | null> {
  if (isPermitted(user.permissions, "*")) return "own";
  const target = createGrn(view.type === "DASHBOARD" ? "dashboard" : "search", view.id);
  const grantees = new Set(await granteesOf(backend, user));
  let best: Capability | null = null;
  for (const grant of await backend.shares.grantsOn(target)) {
    if (grantees.has(grant.grantee) && (best === null || capabilityIncludes(grant.capability, best))) {
      best = grant.capability;
    }
  }
  if (isPermitted(user.permissions, `view:edit:${view.id}`) && (best === null || best === "view")) {
    best = "manage";
  }
  if (best === null && isPermitted(user.permissions, `view:read:${view.id}`)) best = "view";
  return best;
}

/**
 * Whether a user may read a search because it backs a view they may read: a saved search shared with them
 * opens its owner's search (GET /views/search/{id}).
 */
export async function maySeeSearchThroughViews(
  backend: Backend,
  user: User,
  searchId: string,
): Promise<boolean> {
  for (const view of await backend.views.listBySearch(searchId)) {
    if ((await viewCapability(backend, user, view)) !== null) return true;
  }
  return false;
}

