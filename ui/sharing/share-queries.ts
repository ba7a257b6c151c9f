/** The entity share calls (spec 002 §7): prepare on every change, update on Save. Neither is cached. */
import type { EntityShareResponse } from "../../api/schemas/shares.ts";
import { fetchJson } from "../api/fetch-json.ts";
import type { Selection } from "./logic/share-selection.ts";

const entityPath = (grn: string) => `/authz/shares/entities/${encodeURIComponent(grn)}`;

/** Without a selection, the entity's shares as stored; with one, as they would be. Nothing is stored. */
export async function prepareShares(
  grn: string,
  selection?: Selection,
  signal?: AbortSignal,
): Promise<EntityShareResponse> {
  const body = selection ? { selected_grantee_capabilities: selection } : {};
  return await fetchJson<EntityShareResponse>("POST", `${entityPath(grn)}/prepare`, body, { signal });
}

export async function updateShares(grn: string, selection: Selection): Promise<EntityShareResponse> {
  return await fetchJson<EntityShareResponse>("POST", entityPath(grn), {
    selected_grantee_capabilities: selection,
  });
}
