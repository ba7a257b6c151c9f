import type { IncomingMessage } from "../store/incoming-message.ts";

/** A message as a GELF 1.1 document (what the GELF output sends): the message's fields with a `_` prefix. */
export function gelfDocument(message: IncomingMessage): Record<string, unknown> {
  const document: Record<string, unknown> = {
    version: "1.1",
    host: message.source,
    short_message: message.message,
    timestamp: message.timestamp / 1000,
  };
  if (message.fullMessage !== undefined) document.full_message = message.fullMessage;
  if (message.level !== undefined) document.level = message.level;
  if (message.facility !== undefined) document._facility = message.facility;
  for (const [name, value] of Object.entries(message.fields ?? {})) {
    // `_id` is reserved in GELF: the receiver assigns its own.
    if (name !== "id") document[`_${name}`] = value;
  }
  return document;
}
