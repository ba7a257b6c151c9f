/**
 * Graylog resource names (spec 000 §3): six colon-separated parts `grn:cluster:tenant:scope:type:id`;
 * product-built ones look like `grn::::{type}:{id}`.
 */
export const GRN_ENTITY_TYPES = [
  "user",
  "team",
  "dashboard",
  "event_definition",
  "notification",
  "search",
  "stream",
  "search_filter",
  "report",
  "role",
  "output",
] as const;

export type GrnEntityType = (typeof GRN_ENTITY_TYPES)[number];

export interface Grn {
  resourceNameType: string;
  cluster: string;
  tenant: string;
  scope: string;
  type: string;
  id: string;
}

export function createGrn(type: string, id: string): string {
  return `grn::::${type}:${id}`;
}

/** Parses a GRN; returns null when it does not have exactly six parts or lacks a type or id. */
export function parseGrn(grn: string): Grn | null {
  const parts = grn.split(":");
  if (parts.length !== 6) return null;
  const [resourceNameType, cluster, tenant, scope, type, id] = parts;
  if (resourceNameType !== "grn" || !type || !id) return null;
  return { resourceNameType, cluster, tenant, scope, type, id };
}

export function isGrnEntityType(type: string): type is GrnEntityType {
  return (GRN_ENTITY_TYPES as readonly string[]).includes(type);
}

export class UnknownGrnTypeError extends Error {
  constructor(type: string) {
    super(`Can't find route for type: ${type}`);
    this.name = "UnknownGrnTypeError";
  }
}

/** Narrows a type or throws the spec's 'Can't find route for type: {type}' error. */
export function assertGrnEntityType(type: string): GrnEntityType {
  if (!isGrnEntityType(type)) throw new UnknownGrnTypeError(type);
  return type;
}
