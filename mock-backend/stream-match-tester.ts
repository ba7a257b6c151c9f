import type { StreamMatchTester } from "../api/schemas/backend.ts";
import type { StreamTestMatchResponse } from "../api/schemas/streams.ts";
import type { MessageStore } from "./message-store.ts";
import type { FieldValue, IncomingMessage } from "./store/incoming-message.ts";
import { type RoutedStream, StreamRouter } from "./store/stream-router.ts";

/** An id no real stream has, so that the default stream the router always adds can never be mistaken for it. */
const PROBE_ID = "stream-match-probe";

/**
 * Tests a message against one stream's rules with the very router that routes at ingest (Graylog's testMatch):
 * each rule alone for the per-rule verdicts, all of them under the stream's AND/OR for the answer. Nothing is
 * stored, and the routing itself is not touched.
 */
export class EmbeddedStreamMatchTester implements StreamMatchTester {
  constructor(private readonly store: MessageStore) {}

  testMatch(streamId: string, message: Record<string, unknown>): Promise<StreamTestMatchResponse | null> {
    const stream = this.store.streams().find((candidate) => candidate.id === streamId);
    if (!stream) return Promise.resolve(null);
    const incoming = toIncomingMessage(message);
    const rules = Object.fromEntries(stream.rules.map((rule) => [rule.id, probe({ ...stream, rules: [rule], matchingType: "AND" }, incoming)]));
    // A stream without rules matches nothing (Graylog routes no message to it by rules).
    const matches = stream.rules.length > 0 && probe(stream, incoming);
    return Promise.resolve({ matches, rules });
  }
}

function probe(stream: RoutedStream, message: IncomingMessage): boolean {
  const router = new StreamRouter([{ ...stream, id: PROBE_ID, isDefault: false, disabled: false }]);
  return router.route(message).includes(PROBE_ID);
}

/** Stored fields (Graylog names) as the router reads an incoming message; values of other types become text. */
export function toIncomingMessage(fields: Record<string, unknown>): IncomingMessage {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : typeof value === "string" ? value : JSON.stringify(value));
  const level = typeof fields.level === "number"
    ? fields.level
    : typeof fields.level === "string" && /^\d+$/.test(fields.level)
    ? Number(fields.level)
    : undefined;
  const extra: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (HOT_NAMES.has(name) || value === null || value === undefined) continue;
    extra[name] = typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : JSON.stringify(value);
  }
  const timestamp = Date.parse(String(fields.timestamp ?? ""));
  return {
    timestamp: Number.isNaN(timestamp) ? Date.now() : timestamp,
    source: text(fields.source) ?? "",
    message: text(fields.message) ?? "",
    fullMessage: text(fields.full_message),
    level,
    facility: text(fields.facility),
    inputId: text(fields.gl2_source_input),
    remoteIp: text(fields.gl2_remote_ip),
    fields: extra,
  };
}

/** Fields the router reads from their own slots of an incoming message rather than from `fields`. */
const HOT_NAMES = new Set(["timestamp", "source", "message", "full_message", "level", "facility", "gl2_source_input", "gl2_remote_ip"]);
