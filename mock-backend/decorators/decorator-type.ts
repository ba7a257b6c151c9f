import type { ConfigurationFieldDefinition } from "../../api/schemas/decorators.ts";

/** A message's fields by name, as a messages search type answers them. */
export type MessageFields = Record<string, unknown>;

/**
 * One kind of decorator: its stable type id (Graylog's, so saved decorators move between both), names, what it
 * does, the configuration it asks for, and a pure function from a message's fields to the decorated fields.
 * `decorate` never mutates its input: the result is compared with it for `decoration_stats`.
 */
export interface DecoratorType {
  id: string;
  /** Short name shown in the 'Select decorator' dropdown and the list. */
  name: string;
  description: string;
  configuration: Record<string, ConfigurationFieldDefinition>;
  decorate(fields: Readonly<MessageFields>, config: Readonly<Record<string, unknown>>): MessageFields;
}

/** A field definition with the defaults every decorator field shares (required, plain, position 100). */
export function configField(
  field:
    & Pick<ConfigurationFieldDefinition, "type" | "human_name" | "description">
    & Partial<ConfigurationFieldDefinition>,
): ConfigurationFieldDefinition {
  return {
    is_optional: false,
    is_encrypted: false,
    default_value: field.type === "boolean" ? false : "",
    position: 100,
    attributes: [],
    additional_info: {},
    ...field,
  };
}

/** A text setting of a stored configuration ("" when missing or not a string). */
export function textSetting(config: Readonly<Record<string, unknown>>, name: string): string {
  const value = config[name];
  return typeof value === "string" ? value : "";
}

/** A message field's value as text, or null when the message lacks it (objects and arrays do not count). */
export function fieldAsText(fields: Readonly<MessageFields>, name: string): string | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return null;
}
