/**
 * Permission checks shared by the API (enforcement) and the UI (gating menu entries, columns and buttons).
 * Spec 000 §6: `*` permits everything; a permission matches when held exactly or through a held prefix with a
 * trailing star; a list must be held entirely (isPermitted) or partly (isAnyPermitted); an empty list is permitted.
 */
export type PermissionList = readonly string[];

/** True when `held` grants `required`: exact match, `*`, or a held prefix ending in `*`. */
export function grants(held: string, required: string): boolean {
  if (held === "*" || held === required) return true;
  return held.endsWith("*") && required.startsWith(held.slice(0, -1));
}

export function holdsPermission(held: PermissionList, required: string): boolean {
  return held.some((permission) => grants(permission, required));
}

/** All of `required` must be held; an empty or missing requirement is always permitted. */
export function isPermitted(held: PermissionList | undefined, required: PermissionList | string | undefined): boolean {
  const list = toList(required);
  if (list.length === 0) return true;
  return list.every((permission) => holdsPermission(held ?? [], permission));
}

/** Any one of `required` must be held; an empty or missing requirement is always permitted. */
export function isAnyPermitted(held: PermissionList | undefined, required: PermissionList | string | undefined): boolean {
  const list = toList(required);
  if (list.length === 0) return true;
  return list.some((permission) => holdsPermission(held ?? [], permission));
}

/** The permission that makes a user owner of an entity (spec 000 §6, sharing). */
export function entityOwnPermission(type: string, id: string): string {
  return `entity:own:grn::::${type}:${id}`;
}

export function streamReadPermission(streamId: string): string {
  return `streams:read:${streamId}`;
}

/** Fills `{param}` placeholders of a permission template from request parameters. */
export function fillPermissionTemplate(template: string, params: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
}

function toList(required: PermissionList | string | undefined): PermissionList {
  if (required === undefined) return [];
  return typeof required === "string" ? [required] : required;
}
