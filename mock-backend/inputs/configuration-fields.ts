import type { ConfigurationField, ConfigurationFieldAttribute } from "../../api/schemas/inputs.ts";

/** Builders of configuration field definitions (Graylog's TextField, NumberField, BooleanField, DropdownField). */

interface FieldOptions {
  description?: string;
  optional?: boolean;
  attributes?: ConfigurationFieldAttribute[];
  encrypted?: boolean;
}

function field(
  type: ConfigurationField["type"],
  name: string,
  humanName: string,
  defaultValue: ConfigurationField["default_value"],
  position: number,
  options: FieldOptions,
  values?: Record<string, string>,
): ConfigurationField {
  return {
    type,
    name,
    human_name: humanName,
    description: options.description ?? "",
    default_value: defaultValue,
    is_optional: options.optional ?? false,
    is_encrypted: options.encrypted ?? false,
    attributes: options.attributes ?? [],
    additional_info: values ? { values } : {},
    position,
  };
}

export const textField = (name: string, humanName: string, defaultValue: string, position: number, options: FieldOptions = {}) =>
  field("text", name, humanName, defaultValue, position, options);

export const numberField = (name: string, humanName: string, defaultValue: number, position: number, options: FieldOptions = {}) =>
  field("number", name, humanName, defaultValue, position, options);

export const booleanField = (name: string, humanName: string, defaultValue: boolean, position: number, options: FieldOptions = {}) =>
  field("boolean", name, humanName, defaultValue, position, { ...options, optional: true });

export const dropdownField = (
  name: string,
  humanName: string,
  defaultValue: string,
  values: Record<string, string>,
  position: number,
  options: FieldOptions = {},
) => field("dropdown", name, humanName, defaultValue, position, options, values);
