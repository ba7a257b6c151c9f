import type { EncryptedValueRead, EncryptedValueWrite } from "./configuration-field.ts";

/**
 * The edit state of an encrypted field (spec 002 §3): set and untouched (read-only placeholder), reset
 * (delete_value will be sent, Undo Reset available) or edited.
 */
export type EncryptedFieldState =
  | { kind: "untouched"; isSet: boolean }
  | { kind: "reset" }
  | { kind: "edited"; value: string; wasSet: boolean };

export function isEncryptedValueRead(value: unknown): value is EncryptedValueRead {
  return typeof value === "object" && value !== null && "is_set" in value;
}

/** From what the server returned: a stored value starts as "keep"; a plain default string counts as edited. */
export function initialEncryptedState(existing: unknown, defaultValue?: unknown): EncryptedFieldState {
  if (isEncryptedValueRead(existing)) return { kind: "untouched", isSet: existing.is_set };
  if (typeof existing === "string" && existing !== "") {
    return { kind: "edited", value: existing, wasSet: false };
  }
  if (typeof defaultValue === "string" && defaultValue !== "") {
    return { kind: "edited", value: defaultValue, wasSet: false };
  }
  return { kind: "untouched", isSet: false };
}

/** Whether a value was set before this edit began (Undo Reset is offered only then). */
export function wasEncryptedValueSet(state: EncryptedFieldState): boolean {
  if (state.kind === "untouched") return state.isSet;
  return state.kind === "reset" || state.wasSet;
}

/** The input is read-only while a stored value is kept untouched. */
export function isEncryptedReadOnly(state: EncryptedFieldState): boolean {
  return state.kind === "untouched" && state.isSet;
}

export function resetEncrypted(): EncryptedFieldState {
  return { kind: "reset" };
}

export function undoEncryptedReset(state: EncryptedFieldState): EncryptedFieldState {
  return wasEncryptedValueSet(state)
    ? { kind: "untouched", isSet: true }
    : { kind: "untouched", isSet: false };
}

export function editEncrypted(state: EncryptedFieldState, value: string): EncryptedFieldState {
  return { kind: "edited", value, wasSet: wasEncryptedValueSet(state) };
}

/** The text shown in the input (empty while a stored value is hidden behind the placeholder). */
export function encryptedInputText(state: EncryptedFieldState): string {
  return state.kind === "edited" ? state.value : "";
}

/** Whether the field will hold a value after submitting. */
export function encryptedHasValue(state: EncryptedFieldState): boolean {
  if (state.kind === "untouched") return state.isSet;
  if (state.kind === "reset") return false;
  return state.value !== "";
}

/**
 * What is sent: keep_value when unchanged, delete_value after a reset (or when a stored value was edited
 * to empty), set_value with the new text otherwise.
 */
export function encryptedSubmitValue(state: EncryptedFieldState): EncryptedValueWrite {
  switch (state.kind) {
    case "untouched":
      return { keep_value: true };
    case "reset":
      return { delete_value: true };
    case "edited":
      if (state.value !== "") return { set_value: state.value };
      return state.wasSet ? { delete_value: true } : { keep_value: true };
  }
}
