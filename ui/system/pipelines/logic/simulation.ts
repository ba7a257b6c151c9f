/**
 * The simulator's logic (System → Pipelines → Simulate processing): the message sent from what the user pasted,
 * and what processing changed in it.
 */

/** Fields every simulated message has that the comparison leaves out (the simulator adds them). */
const BOOKKEEPING = new Set(["streams", "timestamp"]);

/**
 * The message to simulate: a JSON object is taken as its fields, anything else is a raw message (the
 * `message` field) from the source "simulator". Null when nothing was entered.
 */
export function simulationMessage(raw: string): Record<string, unknown> | null {
  const text = raw.trim();
  if (text === "") return null;
  if (text.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch { /* not JSON: a raw message that starts with a brace */ }
  }
  return { message: raw, source: "simulator" };
}

/** Fields of a stored message the simulator leaves out: the store's bookkeeping, not message content. */
const STORED_BOOKKEEPING = /^(?:_id|streams|gl2_.*)$/;

/** A stored message's fields as the simulator's JSON input (the store's bookkeeping left out). */
export function storedMessageInput(fields: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(fields).filter(([name]) => !STORED_BOOKKEEPING.test(name)));
  return JSON.stringify(kept, null, 2);
}

export type FieldChange = "added" | "changed" | "removed" | "unchanged";

export interface FieldRow {
  field: string;
  value: string;
  change: FieldChange;
}

/** Every field of the processed message (and those it lost), each marked by what processing did to it, by name. */
export function fieldRows(original: Record<string, unknown>, processed: Record<string, unknown>): FieldRow[] {
  const names = [...new Set([...Object.keys(original), ...Object.keys(processed)])].filter((name) => !BOOKKEEPING.has(name)).sort();
  return names.map((field) => {
    const before = original[field];
    const after = processed[field];
    if (!(field in processed)) return { field, value: text(before), change: "removed" };
    const change: FieldChange = !(field in original) ? "added" : text(before) !== text(after) ? "changed" : "unchanged";
    return { field, value: text(after), change };
  });
}

function text(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Texts of the page (spec 002 §2 names the route; the words are ours). */
export const SIMULATOR_TEXTS = {
  title: "Simulate processing",
  description: "Run a message through the pipelines connected to a stream and see what each stage does, without storing it.",
  stream: "Stream",
  message: "Raw message",
  messageHint: "A raw message, or a JSON object of fields such as {\"message\": \"…\", \"source\": \"web-01\"}",
  run: "Run simulation",
  results: "Simulation results",
  dropped: "The message was dropped by a rule.",
  trace: "Simulation trace",
  noMessage: "Enter a message to simulate.",
  storedTitle: "Load a stored message",
  messageId: "Message ID",
  index: "Index",
  load: "Load message",
} as const;
