import { param, type RuleFunction, type RuleMessage, textOf } from "../rule-function.ts";
import { RuleDateTime } from "../rule-types.ts";

const messageParam = param("message", "Message", "The message to use ($message unless given)", true);

/** The message a function works on: the one given, else the current one. */
function target(given: unknown, current: RuleMessage): RuleMessage {
  return given === undefined ? current : given as RuleMessage;
}

/**
 * A field name with its optional prefix and suffix. Without them the name is used as it is: a name built anew
 * for every message would have to be hashed again before it can be a field's key.
 */
function fieldName(name: string, prefix: unknown, suffix: unknown): string {
  if ((prefix === undefined || prefix === null || prefix === "") && (suffix === undefined || suffix === null || suffix === "")) return name;
  return `${textOf(prefix) ?? ""}${name}${textOf(suffix) ?? ""}`;
}

/** Graylog's message functions: fields, dropping, streams, new messages, debugging. */
export const MESSAGE_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "has_field",
    description: "Checks whether the message has a field",
    params: [param("field", "String", "The field name"), messageParam],
    returnType: "Boolean",
    run: ([field, message], { message: current }) => target(message, current).has(textOf(field) ?? ""),
  },
  {
    name: "set_field",
    description: "Sets a field to a value (with an optional prefix and suffix to the name)",
    params: [
      param("field", "String", "The field name"),
      param("value", "Object", "The new value; null leaves the field as it is"),
      param("prefix", "String", "Put before the field name", true),
      param("suffix", "String", "Put after the field name", true),
      messageParam,
      param("default", "Object", "Used when the value is null", true),
    ],
    returnType: "Void",
    run: ([field, value, prefix, suffix, message, fallback], { message: current }) => {
      target(message, current).set(fieldName(textOf(field) ?? "", prefix, suffix), value ?? fallback);
    },
  },
  {
    name: "set_fields",
    description: "Sets every field of a map (with an optional prefix and suffix to the names)",
    params: [param("fields", "Map", "Field name → value"), param("prefix", "String", "Put before each name", true), param("suffix", "String", "Put after each name", true), messageParam],
    returnType: "Void",
    run: ([fields, prefix, suffix, message], { message: current }) => {
      const into = target(message, current);
      for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
        if (name === "matches" && typeof value === "boolean") continue; // the match flag of regex and grok results
        into.set(fieldName(name, prefix, suffix), value);
      }
    },
  },
  {
    name: "remove_field",
    description: "Removes a field from the message",
    params: [param("field", "String", "The field name"), messageParam],
    returnType: "Void",
    run: ([field, message], { message: current }) => target(message, current).remove(textOf(field) ?? ""),
  },
  {
    name: "rename_field",
    description: "Renames a field",
    params: [param("old_field", "String", "The field's name"), param("new_field", "String", "Its new name"), messageParam],
    returnType: "Void",
    run: ([from, to, message], { message: current }) => {
      const into = target(message, current);
      const name = textOf(from) ?? "";
      if (!into.has(name)) return;
      const value = into.get(name);
      into.remove(name);
      into.set(textOf(to) ?? "", value);
    },
  },
  {
    name: "drop_message",
    description: "Drops the message: it is not stored, and later stages do not see it",
    params: [messageParam],
    returnType: "Void",
    run: ([message], { message: current }) => target(message, current).drop(),
  },
  {
    name: "route_to_stream",
    description: "Routes the message to a stream, by id or by title",
    params: [param("id", "String", "The stream's id", true), param("name", "String", "The stream's title", true), messageParam, param("remove_from_default", "Boolean", "Also remove it from the Default Stream", true)],
    returnType: "Void",
    run: ([id, name, message, removeFromDefault], { message: current, env }) => {
      const stream = id !== undefined ? textOf(id) : env.streamByTitle(textOf(name) ?? "");
      if (!stream) throw new Error(`route_to_stream: no stream ${textOf(id ?? name)}`);
      target(message, current).routeTo(stream, removeFromDefault === true);
    },
  },
  {
    name: "remove_from_stream",
    description: "Removes the message from a stream, by id or by title",
    params: [param("id", "String", "The stream's id", true), param("name", "String", "The stream's title", true), messageParam],
    returnType: "Void",
    run: ([id, name, message], { message: current, env }) => {
      const stream = id !== undefined ? textOf(id) : env.streamByTitle(textOf(name) ?? "");
      if (!stream) throw new Error(`remove_from_stream: no stream ${textOf(id ?? name)}`);
      target(message, current).removeFrom(stream);
    },
  },
  {
    name: "create_message",
    description: "Creates a new message, processed by the pipelines after the current one",
    params: [param("message", "String", "Its message text", true), param("source", "String", "Its source", true), param("timestamp", "DateTime", "Its time (now unless given)", true)],
    returnType: "Message",
    run: ([message, source, timestamp], { env }) =>
      env.createMessage(textOf(message) ?? "", textOf(source) ?? "", timestamp instanceof RuleDateTime ? timestamp.epochMs : env.now()),
  },
  {
    name: "debug",
    description: "Writes a value to the server log (and the simulator's trace)",
    params: [param("value", "Object", "What to write")],
    returnType: "Void",
    run: ([value], { env }) => env.debug(`PIPELINE DEBUG: ${textOf(value) ?? "null"}`),
  },
];
