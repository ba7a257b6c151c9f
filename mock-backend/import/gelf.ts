import type { FieldValue, IncomingMessage } from "../store/incoming-message.ts";
import { accept, type LineParser, reject } from "./line-parser.ts";

/**
 * One GELF 1.1 JSON document per line: host → source, short_message → message, full_message, timestamp
 * (seconds since the epoch with a fraction), level, and `_extra` fields under their names without the
 * underscore. Like Graylog, a document without `host` or `short_message` is rejected, and `_id` is not
 * accepted as a field.
 */
export const gelfParser: LineParser = {
  description: "GELF (one JSON document per line)",
  parse(line, context) {
    const text = line.trim();
    if (text === "") return reject("empty line");
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return reject("invalid JSON");
    }
    if (typeof document !== "object" || document === null || Array.isArray(document)) {
      return reject("not a JSON object");
    }
    const gelf = document as Record<string, unknown>;
    const host = gelf.host;
    if (typeof host !== "string" || host.trim() === "") return reject("missing host");
    const shortMessage = gelf.short_message ?? gelf.message;
    if (typeof shortMessage !== "string" || shortMessage.trim() === "") {
      return reject("missing short_message");
    }
    let timestamp = context.now;
    if (gelf.timestamp !== undefined) {
      const seconds = typeof gelf.timestamp === "string" ? Number(gelf.timestamp) : gelf.timestamp;
      if (typeof seconds !== "number" || !Number.isFinite(seconds)) return reject("invalid timestamp");
      timestamp = Math.round(seconds * 1000);
    }
    const message: IncomingMessage = { timestamp, source: host, message: shortMessage };
    if (typeof gelf.full_message === "string") message.fullMessage = gelf.full_message;
    if (gelf.level !== undefined) {
      const level = Number(gelf.level);
      if (!Number.isInteger(level)) return reject("invalid level");
      message.level = level;
    }
    if (typeof gelf.facility === "string") message.facility = gelf.facility;
    const fields: Record<string, FieldValue> = {};
    for (const [key, value] of Object.entries(gelf)) {
      if (!key.startsWith("_") || key === "_id" || key.length < 2 || value === null || value === undefined) {
        continue;
      }
      fields[key.slice(1)] = typeof value === "object" ? JSON.stringify(value) : (value as FieldValue);
    }
    message.fields = fields;
    return accept(message);
  },
};
