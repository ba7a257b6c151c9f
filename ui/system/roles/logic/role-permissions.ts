import { ACTION_WORDS, PERMISSION_CATALOGUE, type PermissionAction, type PermissionResource } from "../../../../shared/permission-catalogue.ts";

/**
 * The role editor's model: the catalogue's capabilities (resource × action, read as words) as checkboxes, and every
 * other permission a role holds (on one entity, e.g. `streams:read:abc`, or unknown to the catalogue) kept as it is.
 */
export interface RolePermissionsModel {
  /** `resource:action` of the catalogue that the role holds. */
  capabilities: string[];
  /** The role's other permissions, unchanged. */
  others: string[];
}

export interface CapabilityGroup {
  resource: PermissionResource;
  title: string;
  /** Each capability: its permission and the action in words ("create tokens"). */
  actions: { permission: string; action: string }[];
}

/** The catalogue as the editor shows it, by resource title. */
export function capabilityGroups(): CapabilityGroup[] {
  return (Object.keys(PERMISSION_CATALOGUE) as PermissionResource[])
    .map((resource) => ({
      resource,
      title: PERMISSION_CATALOGUE[resource].title,
      actions: (PERMISSION_CATALOGUE[resource].actions as readonly PermissionAction[]).map((action) => ({
        permission: `${resource}:${action}`,
        action: ACTION_WORDS[action],
      })),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

const CATALOGUE_PERMISSIONS = new Set(capabilityGroups().flatMap((group) => group.actions.map((action) => action.permission)));

export function toRolePermissionsModel(permissions: readonly string[]): RolePermissionsModel {
  return {
    capabilities: permissions.filter((permission) => CATALOGUE_PERMISSIONS.has(permission)),
    others: permissions.filter((permission) => !CATALOGUE_PERMISSIONS.has(permission)),
  };
}

/** The permissions to store: the ticked capabilities, then the other permissions (one per line, blanks dropped). */
export function fromRolePermissionsModel(capabilities: readonly string[], othersText: string): string[] {
  const others = othersText.split("\n").map((line) => line.trim()).filter((line) => line.length > 0);
  return [...new Set([...capabilities, ...others])];
}
