/**
 * The dialogs behind the search page's Save/Load/Share actions, as one module loaded on demand: one lazily
 * loaded part instead of three keeps esbuild from cutting the shared code into more, smaller chunks.
 */
export { ShareDialog } from "../sharing/ShareDialog.tsx";
export { SavedSearchesModal } from "./SavedSearchesModal.tsx";
export { ViewMetadataDialog } from "./ViewMetadataDialog.tsx";
