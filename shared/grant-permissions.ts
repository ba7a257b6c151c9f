import type { Capability } from "./share-kinds.ts";
import { entityOwnPermission } from "./permissions.ts";

/**
 * What a grant lets its grantee do, as the permissions every route already checks: a capability on an entity
 * becomes `{resource}:{action}:{id}` permissions (Graylog turns grants into permissions the same way), so a
 * stream shared for viewing is readable through every stream call and nothing else.
 */
export const SHAREABLE_ENTITY_TYPES = ["search", "dashboard", "stream", "event_definition", "notification", "output"] as const;
export type ShareableEntityType = (typeof SHAREABLE_ENTITY_TYPES)[number];

type CapabilityActions = Record<Capability, readonly string[]>;

const viewActions: CapabilityActions = { view: ["view:read"], manage: ["view:read", "view:edit"], own: ["view:read", "view:edit", "view:delete"] };

export const GRANT_ACTIONS: Record<ShareableEntityType, CapabilityActions> = {
  search: viewActions,
  dashboard: viewActions,
  stream: {
    view: ["streams:read"],
    manage: ["streams:read", "streams:edit", "streams:changestate"],
    own: ["streams:read", "streams:edit", "streams:changestate"],
  },
  event_definition: {
    view: ["eventdefinitions:read"],
    manage: ["eventdefinitions:read", "eventdefinitions:edit", "eventdefinitions:execute"],
    own: ["eventdefinitions:read", "eventdefinitions:edit", "eventdefinitions:execute", "eventdefinitions:delete"],
  },
  notification: {
    view: ["eventnotifications:read"],
    manage: ["eventnotifications:read", "eventnotifications:edit"],
    own: ["eventnotifications:read", "eventnotifications:edit", "eventnotifications:delete"],
  },
  output: {
    view: ["outputs:read"],
    manage: ["outputs:read", "outputs:edit"],
    own: ["outputs:read", "outputs:edit", "outputs:terminate"],
  },
};

export function isShareableEntityType(type: string): type is ShareableEntityType {
  return (SHAREABLE_ENTITY_TYPES as readonly string[]).includes(type);
}

/** The permissions a capability on one entity gives; none for types that cannot be shared. */
export function grantPermissions(type: string, id: string, capability: Capability): string[] {
  if (!isShareableEntityType(type)) return [];
  const permissions = GRANT_ACTIONS[type][capability].map((action) => `${action}:${id}`);
  return capability === "own" ? [...permissions, entityOwnPermission(type, id)] : permissions;
}
