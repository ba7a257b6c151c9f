/**
 * Requested configuration of pluggable types (inputs, outputs, lookup adapters, notifications…) as the
 * server describes it (spec 002 §3): one field definition per configuration key.
 */

/** Field kinds; every table keyed by it is exhaustive, so adding a kind does not compile until all handle it. */
export type ConfigurationFieldType = "text" | "number" | "boolean" | "dropdown" | "list" | "inline_binary";

export const CONFIGURATION_FIELD_TYPES: readonly ConfigurationFieldType[] = [
  "text",
  "number",
  "boolean",
  "dropdown",
  "list",
  "inline_binary",
];

/** Attributes the form understands (spec 002 §3); others are ignored. */
export type ConfigurationFieldAttribute =
  | "textarea"
  | "is_password"
  | "is_sensitive"
  | "allow_create"
  | "only_negative"
  | "only_positive"
  | "is_port_number";

export interface ConfigurationField {
  type: ConfigurationFieldType;
  human_name: string;
  description?: string;
  is_optional?: boolean;
  is_encrypted?: boolean;
  default_value?: unknown;
  /** Sort position; fields without one sort as 100 (Graylog's default). */
  position?: number;
  /** Attribute names as sent by the server (upper or lower case). */
  attributes?: readonly string[];
  /** `values`: value-to-label map for dropdown and list fields. */
  additional_info?: { values?: Record<string, string> };
}

export type RequestedConfiguration = Record<string, ConfigurationField>;

/** An encrypted value as read back from the server. */
export interface EncryptedValueRead {
  is_set: boolean;
}

/** An encrypted value as sent to the server (spec 002 §3). */
export type EncryptedValueWrite = { set_value: string } | { keep_value: true } | { delete_value: true };

export const DEFAULT_FIELD_POSITION = 100;

export function hasAttribute(field: ConfigurationField, attribute: ConfigurationFieldAttribute): boolean {
  return (field.attributes ?? []).some((name) => name.toLowerCase() === attribute);
}

/** The label: human name, with ' (optional)' for optional fields except booleans (spec 002 §5). */
export function fieldLabel(field: ConfigurationField): string {
  return field.is_optional && field.type !== "boolean" ? `${field.human_name} (optional)` : field.human_name;
}

/** Required unless marked optional; a boolean always has a value, so it is never "missing". */
export function isFieldRequired(field: ConfigurationField): boolean {
  return !field.is_optional && field.type !== "boolean";
}

/** Options of a dropdown or list field, from additional_info.values (value → label). */
export function fieldOptions(field: ConfigurationField): { value: string; label: string }[] {
  return Object.entries(field.additional_info?.values ?? {}).map(([value, label]) => ({ value, label }));
}

/**
 * Field names in display order: by position (default 100), then required before optional, then as the
 * server listed them.
 */
export function sortedFieldNames(fields: RequestedConfiguration): string[] {
  return Object.entries(fields)
    .map(([name, field], index) => ({ name, field, index }))
    .sort((a, b) =>
      (a.field.position ?? DEFAULT_FIELD_POSITION) - (b.field.position ?? DEFAULT_FIELD_POSITION) ||
      Number(a.field.is_optional ?? false) - Number(b.field.is_optional ?? false) ||
      a.index - b.index
    )
    .map(({ name }) => name);
}

/** A value shown in a summary: secrets are masked. */
export function displayConfigurationValue(field: ConfigurationField, value: unknown): string {
  if (field.is_encrypted || hasAttribute(field, "is_password") || hasAttribute(field, "is_sensitive")) {
    return "***********";
  }
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (field.type === "dropdown" || field.type === "list") {
    const labels = field.additional_info?.values ?? {};
    return labels[String(value)] ?? String(value);
  }
  return String(value);
}
