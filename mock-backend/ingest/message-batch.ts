import type { IncomingMessage } from "../store/incoming-message.ts";

/**
 * A batch on its way through the ingest chain (ingest-chain.ts): its messages in time order, and per message what
 * the processors found out, in arrays beside them (an object per message would cost the garbage collector more
 * than the processing does, see MessageStore's `prepare`).
 */
export interface MessageBatch {
  readonly messages: IncomingMessage[];
  /** Per message, the streams it is routed to (stream rules; the index set processor for any left unrouted). */
  readonly streams: (string[] | undefined)[];
  /** Per message, the index sets its streams write to (the index set processor). */
  readonly indexSets: (readonly string[])[];
}

/** A batch of `messages`, sorted by time (zone maps on `timestamp` prune only when rows arrive in time order). */
export function messageBatch(messages: IncomingMessage[]): MessageBatch {
  const sorted = isSorted(messages) ? messages : [...messages].sort((a, b) => a.timestamp - b.timestamp);
  return { messages: sorted, streams: new Array(sorted.length), indexSets: new Array(sorted.length) };
}

function isSorted(messages: IncomingMessage[]): boolean {
  for (let i = 1; i < messages.length; i++) if (messages[i].timestamp < messages[i - 1].timestamp) return false;
  return true;
}

/** One batch of several processed batches (each input's, store/batch-coalescing.ts), again sorted by time. */
export function mergedBatch(batches: readonly MessageBatch[]): MessageBatch {
  if (batches.length === 1) return batches[0];
  const messages = batches.flatMap((batch) => batch.messages);
  const streams = batches.flatMap((batch) => Array.from(batch.streams));
  const indexSets = batches.flatMap((batch) => Array.from(batch.indexSets));
  if (isSorted(messages)) return { messages, streams, indexSets };
  const order = messages.map((_, i) => i).sort((a, b) => messages[a].timestamp - messages[b].timestamp);
  return { messages: order.map((i) => messages[i]), streams: order.map((i) => streams[i]), indexSets: order.map((i) => indexSets[i]) };
}
