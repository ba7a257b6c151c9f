import type { AvailableOutputSummary, OutputConfiguration } from "../../api/schemas/outputs.ts";
import { dropdownField, numberField, textField } from "../inputs/configuration-fields.ts";
import { filePathProblem } from "./file-path-problem.ts";
import { FileSender } from "./file-sender.ts";
import { GelfSender } from "./gelf-sender.ts";
import type { OutputSender } from "./output-sender.ts";
import { StdoutSender } from "./stdout-sender.ts";

/** The output types this backend runs, by Graylog's class name. */
export const OUTPUT_TYPES = ["org.graylog2.outputs.GelfOutput", "org.graylog2.outputs.LoggingOutput", "org.graylog2.outputs.FileOutput"] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

interface OutputTypeDefinition {
  summary: AvailableOutputSummary;
  /** Starts the output with a configuration `validConfiguration` accepted. */
  start(configuration: OutputConfiguration): OutputSender;
  /** What the type checks beyond each field's kind (the fields are present and of their kind), naming the field. */
  problem?(configuration: OutputConfiguration): string | null;
}

const fieldsByName = (...fields: AvailableOutputSummary["requested_configuration"][string][]) =>
  Object.fromEntries(fields.map((field) => [field.name, field]));

export const OUTPUT_TYPE_DEFINITIONS: Record<OutputType, OutputTypeDefinition> = {
  "org.graylog2.outputs.GelfOutput": {
    summary: {
      type: "org.graylog2.outputs.GelfOutput",
      name: "GELF Output",
      human_name: "GELF Output",
      link_to_docs: "",
      requested_configuration: fieldsByName(
        textField("hostname", "Destination", "", 0, { description: "Hostname or IP address of the GELF receiver" }),
        numberField("port", "Destination Port", 12201, 1, { description: "Port of the GELF receiver" }),
        dropdownField("protocol", "Protocol", "TCP", { TCP: "TCP", UDP: "UDP" }, 2, { description: "Protocol used to send messages" }),
      ),
    },
    start: (configuration) =>
      new GelfSender(String(configuration.hostname), Number(configuration.port), configuration.protocol === "UDP" ? "UDP" : "TCP"),
  },
  "org.graylog2.outputs.LoggingOutput": {
    summary: {
      type: "org.graylog2.outputs.LoggingOutput",
      name: "STDOUT Output",
      human_name: "STDOUT Output",
      link_to_docs: "",
      requested_configuration: fieldsByName(
        textField("prefix", "Prefix", "Writing message: ", 0, { description: "How to prefix the message before logging it", optional: true }),
      ),
    },
    start: (configuration) => new StdoutSender(String(configuration.prefix ?? "Writing message: ")),
  },
  "org.graylog2.outputs.FileOutput": {
    summary: {
      type: "org.graylog2.outputs.FileOutput",
      name: "File Output",
      human_name: "File Output",
      link_to_docs: "",
      requested_configuration: fieldsByName(
        textField("path", "File path", "", 0, {
          description: "Absolute path of the file each message is appended to as one JSON line; its directory must exist",
        }),
      ),
    },
    start: (configuration) => new FileSender(String(configuration.path)),
    problem: (configuration) => filePathProblem(String(configuration.path), "configuration.path"),
  },
};

export function isOutputType(type: string): type is OutputType {
  return (OUTPUT_TYPES as readonly string[]).includes(type);
}

/**
 * Why `configuration` does not fit the type's requested configuration (a field missing, of the wrong kind, out of
 * range, not one of its values), naming the field; null when it fits.
 */
export function configurationProblem(type: OutputType, configuration: OutputConfiguration): string | null {
  for (const field of Object.values(OUTPUT_TYPE_DEFINITIONS[type].summary.requested_configuration)) {
    const value = configuration[field.name];
    const path = `configuration.${field.name}`;
    if (value === undefined || value === null || value === "") {
      if (!field.is_optional) return `${path} is required`;
      continue;
    }
    if (field.type === "number") {
      if (typeof value !== "number" || !Number.isInteger(value)) return `${path} must be an integer`;
      if (field.name === "port" && (value < 1 || value > 65535)) return `${path} must be between 1 and 65535`;
    } else if (typeof value !== "string") {
      return `${path} must be a string`;
    } else if (field.type === "dropdown" && !(value in (field.additional_info.values ?? {}))) {
      return `${path} must be one of ${Object.keys(field.additional_info.values ?? {}).join(", ")}`;
    }
  }
  return OUTPUT_TYPE_DEFINITIONS[type].problem?.(configuration) ?? null;
}
