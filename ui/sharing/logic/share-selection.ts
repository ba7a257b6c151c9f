/**
 * The share dialog's model (spec 002 §3–§5): the selected grantee capabilities, each grantee's state against
 * the stored shares, what can still be added, and the warnings the server's prepare answer carries.
 */
import type { ActiveShare, Capability, EntityShareResponse, Grantee } from "../../../api/schemas/shares.ts";

/** Capabilities by grantee GRN, in the order the grantees were added. */
export type Selection = Readonly<Record<string, Capability>>;

export type GranteeState = "new" | "changed" | "unchanged";

/** One line of the collaborators list. */
export interface Collaborator {
  grantee: Grantee;
  capability: Capability;
  state: GranteeState;
}

/** Spec 002 §9 / 000 §9: collaborator list page sizes; the size select shows only above 10 collaborators. */
export const COLLABORATOR_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_COLLABORATOR_PAGE_SIZE = 10;
export const showsCollaboratorPageSize = (count: number) => count > DEFAULT_COLLABORATOR_PAGE_SIZE;

export const GRANTEE_REQUIRED = "The grantee is required";
export const OWNERLESS_WARNING = "Removing the following owners will leave the entity ownerless";

export function granteeState(
  grn: string,
  capability: Capability,
  activeShares: readonly ActiveShare[],
): GranteeState {
  const active = activeShares.find((share) => share.grantee === grn);
  if (!active) return "new";
  return active.capability === capability ? "unchanged" : "changed";
}

/** The selected grantees with their titles; one the server does not know shows as an 'error' grantee. */
export function collaboratorsOf(
  selection: Selection,
  response: Pick<EntityShareResponse, "available_grantees" | "active_shares">,
): Collaborator[] {
  const byGrn = new Map(response.available_grantees.map((grantee) => [grantee.grn, grantee]));
  return Object.entries(selection).map(([grn, capability]) => ({
    grantee: byGrn.get(grn) ?? { grn, type: "error", title: grn },
    capability,
    state: granteeState(grn, capability, response.active_shares),
  }));
}

/** Grantees that can still be added: the available ones not selected yet. */
export function addableGrantees(available: readonly Grantee[], selection: Selection): Grantee[] {
  return available.filter((grantee) => !(grantee.grn in selection));
}

export function addGrantee(selection: Selection, grn: string, capability: Capability): Selection {
  return { ...selection, [grn]: capability };
}

export function removeGrantee(selection: Selection, grn: string): Selection {
  return Object.fromEntries(Object.entries(selection).filter(([selected]) => selected !== grn));
}

/** Changes a capability in place, so that the grantee keeps its position in the list. */
export function changeCapability(selection: Selection, grn: string, capability: Capability): Selection {
  return Object.fromEntries(
    Object.entries(selection).map((
      [selected, current],
    ) => [selected, selected === grn ? capability : current]),
  );
}

/** '{grantee} needs access to {dependency titles}' for each grantee missing a dependency (spec 002 §5). */
export function missingDependencyTexts(
  response: Pick<EntityShareResponse, "available_grantees" | "missing_permissions_on_dependencies">,
): string[] {
  const titles = new Map(response.available_grantees.map((grantee) => [grantee.grn, grantee.title]));
  return Object.entries(response.missing_permissions_on_dependencies).map(([grn, dependencies]) =>
    `${titles.get(grn) ?? grn} needs access to ${
      dependencies.map((dependency) => `${dependency.type} "${dependency.title}"`).join(", ")
    }`
  );
}

/** The titles of the owners whose removal would leave the entity ownerless; empty when the selection is valid. */
export function ownerlessOwners(
  response: Pick<EntityShareResponse, "available_grantees" | "validation_result">,
): string[] {
  if (!response.validation_result.failed) return [];
  const titles = new Map(response.available_grantees.map((grantee) => [grantee.grn, grantee.title]));
  return (response.validation_result.error_context.selected_grantee_capabilities ?? []).map((grn) =>
    titles.get(grn) ?? grn
  );
}

/** Texts of spec 002 §8 for a share dialog of one entity. */
export const shareTexts = (type: string, title: string) => ({
  prepareFailed: (message: string) =>
    `Preparing shares for ${type} "${title}" failed with status: ${message}`,
  updateFailed: (message: string) => `Updating shares for ${type} "${title}" failed with status: ${message}`,
  updated: `Shares for ${type} "${title}" updated successfully`,
  noCollaborators: `This ${type} has no collaborators.`,
});
