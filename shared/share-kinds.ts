/**
 * Sharing's capabilities and grantee kinds (spec 002 §3–§5) apart from shares.ts's zod schemas: the share dialog
 * imports these without zod (issue 4 item 10). shares.ts re-exports them.
 */

/** Capabilities, weakest first: each includes what the ones before it allow. */
export const CAPABILITIES = ["view", "manage", "own"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_TITLES: Record<Capability, string> = {
  view: "Viewer",
  manage: "Manager",
  own: "Owner",
};

/** True when `held` allows at least what `needed` allows (own ⊇ manage ⊇ view). */
export function capabilityIncludes(held: Capability, needed: Capability): boolean {
  return CAPABILITIES.indexOf(held) >= CAPABILITIES.indexOf(needed);
}

export const GRANTEE_TYPES = ["error", "global", "team", "user"] as const;
export type GranteeType = (typeof GRANTEE_TYPES)[number];

/** The built-in grantee that stands for every user (Graylog's 'Everyone'). */
export const EVERYONE_GRN = "grn::::builtin-team:everyone";

export const GRN_PATTERN = /^grn:[^:]*:[^:]*:[^:]*:[^:]+:[^:]+$/;
