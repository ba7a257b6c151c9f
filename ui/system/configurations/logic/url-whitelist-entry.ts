/** Spec 002 §4/§5: allow-list entries are checked 200 ms after the last change. */
export const WHITELIST_VALIDATION_DEBOUNCE_MS = 200;

export const REQUIRED_FIELD = "Required field";
export const NOT_A_VALID_URL = "Not a valid URL";
export const NOT_A_VALID_JAVA_REGEX = "Not a valid Java regular expression";

export type WhitelistEntryType = "literal" | "regex";

export interface WhitelistEntryDraft {
  id: string;
  title: string;
  value: string;
  type: WhitelistEntryType;
}

export interface WhitelistEntryErrors {
  title?: string;
  value?: string;
}

/** A literal entry must be an http or https URL (the default of Graylog's URL check). */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * An entry's problems; `regexAccepted` is the server's verdict on a regex value (Graylog checks with Java's
 * engine), undefined while it is not known yet.
 */
export function entryErrors(entry: WhitelistEntryDraft, regexAccepted: boolean | undefined): WhitelistEntryErrors {
  const errors: WhitelistEntryErrors = {};
  if (entry.title.trim() === "") errors.title = REQUIRED_FIELD;
  if (entry.type === "literal" && !isValidUrl(entry.value)) errors.value = NOT_A_VALID_URL;
  if (entry.type === "regex" && (entry.value.trim() === "" || regexAccepted === false)) errors.value = NOT_A_VALID_JAVA_REGEX;
  return errors;
}

export const hasErrors = (errors: WhitelistEntryErrors) => errors.title !== undefined || errors.value !== undefined;
