/** The entity share calls (spec 002 §7): prepare on every change, update on Save. Neither is cached. */
import { apiCall } from "../api/api-client.ts";
import type { Selection } from "./logic/share-selection.ts";

/** Without a selection, the entity's shares as stored; with one, as they would be. Nothing is stored. */
export function prepareShares(grn: string, selection?: Selection, signal?: AbortSignal) {
  const body = selection ? { selected_grantee_capabilities: selection } : {};
  return apiCall("post", "/authz/shares/entities/{grn}/prepare", { params: { path: { grn } }, body }, { signal });
}

export function updateShares(grn: string, selection: Selection) {
  return apiCall("post", "/authz/shares/entities/{grn}", {
    params: { path: { grn } },
    body: { selected_grantee_capabilities: selection },
  });
}
