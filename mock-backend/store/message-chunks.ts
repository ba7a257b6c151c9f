import type { IncomingMessage } from "./incoming-message.ts";

const CHUNK_SIZE = 4096;

/**
 * Messages in arrays of up to 4,096. `for await` costs a promise and a microtask per item, also over a plain
 * array: 0.15–0.5 µs per message measured, against 0.01 µs for a `for … of` over arrays.
 */
export async function* inChunks(
  messages: Iterable<IncomingMessage> | AsyncIterable<IncomingMessage>,
): AsyncGenerator<IncomingMessage[]> {
  let chunk: IncomingMessage[] = [];
  if (Symbol.iterator in messages) {
    for (const message of messages) {
      chunk.push(message);
      if (chunk.length < CHUNK_SIZE) continue;
      yield chunk;
      chunk = [];
    }
  } else {
    for await (const message of messages) {
      chunk.push(message);
      if (chunk.length < CHUNK_SIZE) continue;
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
