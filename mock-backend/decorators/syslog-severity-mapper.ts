import { configField, type DecoratorType, textSetting } from "./decorator-type.ts";

/** Syslog severity names by level (RFC 5424 §6.2.1), 0 = most severe. */
export const SYSLOG_SEVERITY_NAMES = [
  "Emergency",
  "Alert",
  "Critical",
  "Error",
  "Warning",
  "Notice",
  "Informational",
  "Debug",
] as const;

/** The name of a numeric syslog level (number or digit string), or null when it is not one of 0–7. */
export function syslogSeverityName(value: unknown): string | null {
  const level = typeof value === "number"
    ? value
    : typeof value === "string" && /^\s*\d+\s*$/.test(value)
    ? Number(value)
    : NaN;
  return Number.isInteger(level) && level >= 0 && level < SYSLOG_SEVERITY_NAMES.length
    ? SYSLOG_SEVERITY_NAMES[level]
    : null;
}

/** Writes the name of a numeric syslog level (e.g. `level` 3 → "Error") into a target field. */
export const syslogSeverityMapper: DecoratorType = {
  id: "org.graylog2.decorators.SyslogSeverityMapperDecorator",
  name: "Syslog Severity Mapper",
  description: "Shows the name of a numeric syslog severity level (0–7), e.g. 3 becomes 'Error'.",
  configuration: {
    source_field: configField({
      type: "text",
      human_name: "Source field",
      description: "The field holding the numeric syslog level.",
      default_value: "level",
      position: 1,
    }),
    target_field: configField({
      type: "text",
      human_name: "Target field",
      description: "The field that shows the level's name (may be the source field itself).",
      default_value: "level",
      position: 2,
    }),
  },
  decorate(fields, config) {
    const name = syslogSeverityName(fields[textSetting(config, "source_field")]);
    const target = textSetting(config, "target_field");
    if (name === null || target === "") return { ...fields };
    return { ...fields, [target]: name };
  },
};
