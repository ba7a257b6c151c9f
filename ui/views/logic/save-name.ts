/**
 * The save / save-as name rules of spec 001 §5 and the save button's three titles (§4 'Save state'), apart
 * from the components so that they are unit-tested.
 */

/** What the save popover knows about the view being saved. */
export interface SaveContext {
  /** The saved view's title; null while the search has never been saved. */
  savedTitle: string | null;
  /** Whether the caller may change the saved view (owner or edit permission). */
  editable: boolean;
}

/** The buttons the save popover shows: Save and Save as for an editable saved view, else only Create new. */
export type SaveButtons = "save-and-save-as" | "create-new";

/** A name is usable when it is not blank after trimming. */
export function isValidViewName(name: string): boolean {
  return name.trim().length > 0;
}

/** 'Create new' is offered when the search is new or the user cannot edit it. */
export function saveButtonsFor({ savedTitle, editable }: SaveContext): SaveButtons {
  return savedTitle === null || !editable ? "create-new" : "save-and-save-as";
}

/** Save (over the existing view) needs a usable name. */
export function isSaveDisabled(name: string): boolean {
  return !isValidViewName(name);
}

/** Save as needs a usable name that differs from the saved view's (when editing an existing one). */
export function isSaveAsDisabled(name: string, { savedTitle }: SaveContext): boolean {
  if (!isValidViewName(name)) return true;
  return savedTitle !== null && name.trim() === savedTitle.trim();
}

/** The save state of spec 001 §4: new, unsaved changes (dirty) or saved. */
export type SaveState = "new" | "dirty" | "saved";

export function saveStateOf(savedTitle: string | null, dirty: boolean): SaveState {
  if (savedTitle === null) return "new";
  return dirty ? "dirty" : "saved";
}

export const SAVE_BUTTON_TITLES: Record<SaveState, string> = {
  new: "Save search",
  dirty: "Unsaved changes",
  saved: "Saved search",
};
