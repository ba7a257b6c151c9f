import { grantPermissions, type ShareableEntityType } from "../shared/grant-permissions.ts";
import { isPermitted } from "../shared/permissions.ts";
import type { Backend } from "./schemas/backend.ts";
import { type Capability, CAPABILITIES } from "../shared/share-kinds.ts";
import type { User } from "./schemas/user.ts";
import type { StoredView } from "./schemas/views.ts";
import { userGrn, viewCapability } from "./view-access.ts";
import { createGrn } from "../shared/grn.ts";

/** A shareable entity as the share calls see it: a view carries its searched streams (its dependencies). */
export interface ShareableEntity {
  type: ShareableEntityType;
  id: string;
  title: string;
  view: StoredView | null;
}

type Lookup = (backend: Backend, id: string) => Promise<ShareableEntity | null>;

const viewOfType = (type: "search" | "dashboard", viewType: StoredView["type"]): Lookup => async (backend, id) => {
  const view = await backend.views.get(id);
  return view && view.type === viewType ? { type, id, title: view.title, view } : null;
};

const found = (type: ShareableEntityType, get: (backend: Backend, id: string) => Promise<{ title: string } | null>): Lookup => async (backend, id) => {
  const entity = await get(backend, id);
  return entity ? { type, id, title: entity.title, view: null } : null;
};

/** How the entity behind a GRN of each shareable type is found. */
const LOOKUPS: Record<ShareableEntityType, Lookup> = {
  search: viewOfType("search", "SEARCH"),
  dashboard: viewOfType("dashboard", "DASHBOARD"),
  stream: found("stream", (backend, id) => backend.streams.get(id)),
  event_definition: found("event_definition", (backend, id) => backend.events.definition(id)),
  notification: found("notification", (backend, id) => backend.eventNotifications.get(id)),
  output: found("output", (backend, id) => backend.outputs.get(id)),
};

export function findShareableEntity(backend: Backend, type: ShareableEntityType, id: string): Promise<ShareableEntity | null> {
  return LOOKUPS[type](backend, id);
}

/**
 * The strongest capability a user has on an entity: administrators own everything; otherwise the capability whose
 * permissions the user holds (grants to the user, their teams or Everyone become exactly those permissions).
 */
export async function entityCapability(backend: Backend, user: User, entity: ShareableEntity): Promise<Capability | null> {
  if (entity.view) return await viewCapability(backend, user, entity.view);
  if (isPermitted(user.permissions, "*")) return "own";
  const strongestFirst = [...CAPABILITIES].reverse();
  return strongestFirst.find((capability) => isPermitted(user.permissions, grantPermissions(entity.type, entity.id, capability))) ?? null;
}

/** The creator of an entity owns it (Graylog grants 'own' at creation), so a non-administrator can see and share it. */
export async function grantOwnership(backend: Backend, user: User, type: ShareableEntityType, id: string): Promise<void> {
  await backend.shares.replaceGrants(createGrn(type, id), { [userGrn(user)]: "own" }, user.username);
}
