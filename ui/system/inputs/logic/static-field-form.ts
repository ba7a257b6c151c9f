import { FIELD_REQUIRED } from "../../../common/config-form/logic/validation-messages.ts";

/** The key rule of a static field: letters, digits, underscores, dots and dashes (as the server checks it). */
const STATIC_FIELD_KEY = /^[\w.-]+$/;

export function validateStaticFieldKey(key: string): string | null {
  if (key.trim() === "") return FIELD_REQUIRED;
  if (!STATIC_FIELD_KEY.test(key)) return "Key must only contain alphanumeric characters, underscores, dots or dashes.";
  return null;
}
