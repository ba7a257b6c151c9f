import assert from "node:assert/strict";
import {
  isSaveAsDisabled,
  isSaveDisabled,
  isValidViewName,
  SAVE_BUTTON_TITLES,
  saveButtonsFor,
  saveStateOf,
} from "../../../ui/views/logic/save-name.ts";

const saved = { savedTitle: "Failed logins", editable: true };
const fresh = { savedTitle: null, editable: true };

Deno.test("a name is usable only when it is not blank after trimming", () => {
  assert.equal(isValidViewName("Failed logins"), true);
  assert.equal(isValidViewName("  x "), true);
  assert.equal(isValidViewName(""), false);
  assert.equal(isValidViewName("   \t "), false);
  assert.equal(isSaveDisabled("  "), true);
  assert.equal(isSaveDisabled("Failed logins"), false);
});

Deno.test("Save as is disabled when blank or, for a saved search, unchanged after trimming", () => {
  assert.equal(isSaveAsDisabled("", saved), true);
  assert.equal(isSaveAsDisabled("Failed logins", saved), true);
  assert.equal(isSaveAsDisabled(" Failed logins  ", saved), true);
  assert.equal(isSaveAsDisabled("Failed logins (copy)", saved), false);
  assert.equal(isSaveAsDisabled("failed logins", saved), false, "a different case is a different name");
  assert.equal(isSaveAsDisabled("Failed logins", fresh), false, "a new search has no name to repeat");
});

Deno.test("'Create new' is offered for a new search and for a search the user cannot edit", () => {
  assert.equal(saveButtonsFor(fresh), "create-new");
  assert.equal(saveButtonsFor({ savedTitle: "Shared with me", editable: false }), "create-new");
  assert.equal(saveButtonsFor(saved), "save-and-save-as");
});

Deno.test("the save button reads 'Save search', 'Unsaved changes' or 'Saved search'", () => {
  assert.equal(SAVE_BUTTON_TITLES[saveStateOf(null, false)], "Save search");
  assert.equal(SAVE_BUTTON_TITLES[saveStateOf(null, true)], "Save search");
  assert.equal(SAVE_BUTTON_TITLES[saveStateOf("Failed logins", true)], "Unsaved changes");
  assert.equal(SAVE_BUTTON_TITLES[saveStateOf("Failed logins", false)], "Saved search");
});
