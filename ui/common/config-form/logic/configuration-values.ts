import {
  type ConfigurationField,
  type ConfigurationFieldType,
  fieldOptions,
  isFieldRequired,
  type RequestedConfiguration,
} from "./configuration-field.ts";
import {
  type EncryptedFieldState,
  encryptedHasValue,
  encryptedSubmitValue,
  initialEncryptedState,
} from "./encrypted-value.ts";
import { numberBounds } from "./number-bounds.ts";
import { FIELD_REQUIRED, mustBeGreaterThan, mustBeSmallerThan } from "./validation-messages.ts";

/** The edit value of a plain field. Numbers may be undefined while an optional number is cleared. */
export type PlainFieldValue = string | number | boolean | string[] | undefined;

/** The edit value of any field: encrypted fields keep their set/keep/delete state. */
export type FieldValue = PlainFieldValue | EncryptedFieldState;

export type ConfigurationFormValues = Record<string, FieldValue>;

/** Configured item payload (spec 002 §3). */
export interface ConfiguredItemPayload {
  type: string;
  title?: string;
  configuration: Record<string, unknown>;
}

/** How each field type turns a stored or default value into its edit value; missing numbers show 0 (spec 000 §5). */
const INITIAL_VALUE: Record<
  ConfigurationFieldType,
  (value: unknown, field: ConfigurationField) => PlainFieldValue
> = {
  text: (value) => (value === undefined || value === null ? "" : String(value)),
  inline_binary: (value) => (typeof value === "string" ? value : ""),
  number: (value) => {
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof number === "number" && Number.isFinite(number) ? number : 0;
  },
  boolean: (value) => value === true || value === "true",
  dropdown: (value, field) => {
    if (value !== undefined && value !== null && value !== "") return String(value);
    return fieldOptions(field).length === 1 && !field.is_optional ? fieldOptions(field)[0].value : "";
  },
  list: (value) => {
    if (Array.isArray(value)) return value.map(String);
    if (typeof value === "string" && value !== "") {
      return value.split(",").map((part) => part.trim()).filter(Boolean);
    }
    return [];
  },
};

/** Edit values of every field: the stored value when there is one, else the field's default. */
export function initialConfigurationValues(
  fields: RequestedConfiguration,
  stored: Record<string, unknown> = {},
): ConfigurationFormValues {
  const values: ConfigurationFormValues = {};
  for (const [name, field] of Object.entries(fields)) {
    const existing = stored[name];
    values[name] = field.is_encrypted
      ? initialEncryptedState(existing, field.default_value)
      : INITIAL_VALUE[field.type](
        existing !== undefined && existing !== null ? existing : field.default_value,
        field,
      );
  }
  return values;
}

export function isEncryptedFieldState(value: FieldValue): value is EncryptedFieldState {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "kind" in value;
}

function isMissing(field: ConfigurationField, value: FieldValue): boolean {
  if (isEncryptedFieldState(value)) return !encryptedHasValue(value);
  if (value === undefined || value === null) return true;
  if (field.type === "number") return typeof value === "number" && Number.isNaN(value);
  if (typeof value === "string") return value === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The message to show under a field, or undefined when it is valid: 'Field is required.' for a missing
 * required value; for numbers 'Must be greater than {min}.' / 'Must be smaller than {max}.' outside the
 * field's bounds (spec 000 §5, spec 002 §5).
 */
export function validateFieldValue(field: ConfigurationField, value: FieldValue): string | undefined {
  if (isMissing(field, value)) return isFieldRequired(field) ? FIELD_REQUIRED : undefined;
  if (field.type === "number" && typeof value === "number") {
    const { min, max } = numberBounds(field);
    if (value < min) return mustBeGreaterThan(min);
    if (value > max) return mustBeSmallerThan(max);
  }
  return undefined;
}

/** Messages of every invalid field, by field name; empty when the form may be submitted. */
export function validateConfiguration(
  fields: RequestedConfiguration,
  values: ConfigurationFormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const message = validateFieldValue(field, values[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * The configuration map to submit: encrypted fields as set_value / keep_value / delete_value, cleared
 * numbers as null, booleans as booleans, everything else as edited.
 */
export function configurationToSubmit(
  fields: RequestedConfiguration,
  values: ConfigurationFormValues,
): Record<string, unknown> {
  const configuration: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = values[name];
    if (field.is_encrypted) {
      configuration[name] = encryptedSubmitValue(
        isEncryptedFieldState(value) ? value : initialEncryptedState(value),
      );
    } else if (field.type === "number") {
      configuration[name] = typeof value === "number" && !Number.isNaN(value) ? value : null;
    } else if (field.type === "boolean") {
      configuration[name] = value === true;
    } else {
      configuration[name] = value === undefined ? null : value;
    }
  }
  return configuration;
}

/** The configured item payload: type, optional title (trimmed, omitted when empty) and configuration. */
export function configuredItemPayload(
  type: string,
  title: string | undefined,
  configuration: Record<string, unknown>,
): ConfiguredItemPayload {
  const trimmed = title?.trim();
  return trimmed ? { type, title: trimmed, configuration } : { type, configuration };
}
