import { configField, type DecoratorType, fieldAsText, textSetting } from "./decorator-type.ts";

/** `${field}` placeholders of a format string; field names are anything up to the closing brace. */
const PLACEHOLDER = /\$\{([^}]+)\}/g;

/** The field names a format string refers to, in order of appearance. */
export function placeholderFields(format: string): string[] {
  return [...format.matchAll(PLACEHOLDER)].map((match) => match[1].trim());
}

/**
 * Fills the placeholders from a message; null when `requireAll` is set and a referenced field is missing
 * (missing fields otherwise become empty text).
 */
export function formatMessage(
  format: string,
  fields: Readonly<Record<string, unknown>>,
  requireAll: boolean,
): string | null {
  if (requireAll && placeholderFields(format).some((name) => fieldAsText(fields, name) === null)) return null;
  return format.replace(PLACEHOLDER, (_, name: string) => fieldAsText(fields, name.trim()) ?? "");
}

/** Builds a new field from a template such as `${http_method} ${http_path}`. */
export const formatString: DecoratorType = {
  id: "org.graylog2.decorators.FormatStringDecorator",
  name: "Format String",
  description:
    "Builds a field from a template: ${name} placeholders are replaced by the message's field values.",
  configuration: {
    format_string: configField({
      type: "text",
      human_name: "Format String",
      description: "The template, e.g. ${http_method} ${http_path} answered ${http_response_code}.",
      position: 1,
    }),
    target_field: configField({
      type: "text",
      human_name: "Target field",
      description: "The field that shows the result.",
      position: 2,
    }),
    require_all_fields: configField({
      type: "boolean",
      human_name: "Require all fields",
      description: "Leave the message unchanged when a field the template names is missing.",
      position: 3,
    }),
  },
  decorate(fields, config) {
    const target = textSetting(config, "target_field");
    const format = textSetting(config, "format_string");
    if (target === "" || format === "") return { ...fields };
    const value = formatMessage(format, fields, config.require_all_fields === true);
    return value === null ? { ...fields } : { ...fields, [target]: value };
  },
};
