import { formatJodaDate } from "../../shared/pipeline-rules/joda-format.ts";
import type { RuleMessage } from "../../shared/pipeline-rules/rule-function.ts";
import { RuleDateTime, RuleIpAddress } from "../../shared/pipeline-rules/rule-types.ts";
import type { FieldValue, IncomingMessage } from "../store/incoming-message.ts";

/** Fields a rule cannot remove (Graylog keeps them on every message). */
const REQUIRED_FIELDS = new Set(["_id", "message", "source", "timestamp"]);

/**
 * A message on its way through the chain as rules see it: the hot fields under their Graylog names (`message`,
 * `source`, `timestamp` as a date, `full_message`, `level`, `facility`, `_id`), every other field as it is,
 * and the streams it is routed to so far (the chain's own list, changed in place).
 */
export class IncomingRuleMessage implements RuleMessage {
  dropped = false;

  constructor(readonly incoming: IncomingMessage, readonly streams: string[], private readonly defaultStreamId: string) {}

  get(field: string): unknown {
    const m = this.incoming;
    switch (field) {
      case "message":
        return m.message;
      case "source":
        return m.source;
      case "timestamp":
        return new RuleDateTime(m.timestamp);
      case "full_message":
        return m.fullMessage ?? null;
      case "level":
        return m.level ?? null;
      case "facility":
        return m.facility ?? null;
      case "_id":
        return m.id ?? null;
      default:
        return m.fields?.[field] ?? null;
    }
  }

  has(field: string): boolean {
    return this.get(field) !== null;
  }

  set(field: string, value: unknown): void {
    if (value === null || value === undefined || field === "" || field === "_id") return;
    const m = this.incoming;
    switch (field) {
      case "message":
        m.message = storedText(value);
        return;
      case "source":
        m.source = storedText(value);
        return;
      case "full_message":
        m.fullMessage = storedText(value);
        return;
      case "facility":
        m.facility = storedText(value);
        return;
      case "timestamp": {
        const ms = value instanceof RuleDateTime ? value.epochMs : typeof value === "number" ? value : Date.parse(storedText(value));
        if (!Number.isNaN(ms)) m.timestamp = ms;
        return;
      }
      case "level": {
        const level = Number(value);
        if (Number.isInteger(level)) m.level = level;
        return;
      }
      default:
        (m.fields ??= {})[field] = storedValue(value);
    }
  }

  remove(field: string): void {
    if (REQUIRED_FIELDS.has(field)) return;
    if (field === "full_message") delete this.incoming.fullMessage;
    else if (field === "level") delete this.incoming.level;
    else if (field === "facility") delete this.incoming.facility;
    else if (this.incoming.fields) delete this.incoming.fields[field];
  }

  fields(): Record<string, unknown> {
    const m = this.incoming;
    const hot: Record<string, unknown> = { message: m.message, source: m.source, timestamp: formatJodaDate(m.timestamp, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'") };
    if (m.fullMessage !== undefined) hot.full_message = m.fullMessage;
    if (m.level !== undefined) hot.level = m.level;
    if (m.facility !== undefined) hot.facility = m.facility;
    return { ...hot, ...m.fields };
  }

  routeTo(streamId: string, removeFromDefault: boolean): void {
    if (!this.streams.includes(streamId)) this.streams.push(streamId);
    if (removeFromDefault && streamId !== this.defaultStreamId) this.removeFrom(this.defaultStreamId);
  }

  removeFrom(streamId: string): void {
    const at = this.streams.indexOf(streamId);
    if (at >= 0) this.streams.splice(at, 1);
  }

  drop(): void {
    this.dropped = true;
  }
}

/** How a rule's value is stored in a field: text, number and boolean as they are, dates as Graylog writes them, the rest as JSON. */
function storedValue(value: unknown): FieldValue {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return storedText(value);
}

function storedText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof RuleDateTime) return formatJodaDate(value.epochMs, "yyyy-MM-dd HH:mm:ss.SSS");
  if (value instanceof RuleIpAddress) return value.text;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
