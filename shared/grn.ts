/**
 * Graylog resource names (spec 000 §3): six colon-separated parts `grn:cluster:tenant:scope:type:id`;
 * product-built ones look like `grn::::{type}:{id}`.
 */
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
