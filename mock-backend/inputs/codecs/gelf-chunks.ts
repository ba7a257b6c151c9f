import { Buffer } from "node:buffer";

/** GELF chunk magic bytes 0x1e 0x0f; then an 8-byte message id, the sequence number and the sequence count. */
export const isGelfChunk = (frame: Uint8Array) => frame.length >= 12 && frame[0] === 0x1e && frame[1] === 0x0f;

const MAX_CHUNKS = 128;
/** Graylog drops a chunked message whose chunks have not all arrived within five seconds. */
const CHUNK_TIMEOUT_MS = 5000;

interface PendingMessage {
  firstSeen: number;
  parts: (Uint8Array | undefined)[];
  received: number;
}

export type ChunkResult = { kind: "complete"; payload: Uint8Array } | { kind: "pending" } | { kind: "malformed"; reason: string };

/** Reassembles chunked GELF messages (GELF 1.1 over UDP). */
export class GelfChunkAssembler {
  private readonly pending = new Map<string, PendingMessage>();
  /** Messages dropped because their chunks did not all arrive in time. */
  expired = 0;

  constructor(private readonly maxPending = 10_000) {}

  add(chunk: Uint8Array, now: number): ChunkResult {
    const id = Buffer.from(chunk.subarray(2, 10)).toString("hex");
    const sequence = chunk[10];
    const count = chunk[11];
    if (count === 0 || count > MAX_CHUNKS) return { kind: "malformed", reason: `invalid GELF chunk count ${count}` };
    if (sequence >= count) return { kind: "malformed", reason: `GELF chunk number ${sequence} of ${count} is out of range` };
    this.expire(now);
    let message = this.pending.get(id);
    if (!message) {
      if (this.pending.size >= this.maxPending) return { kind: "malformed", reason: "too many chunked GELF messages in flight" };
      message = { firstSeen: now, parts: new Array(count), received: 0 };
      this.pending.set(id, message);
    }
    if (message.parts.length !== count) return { kind: "malformed", reason: "GELF chunks of one message disagree on their count" };
    if (message.parts[sequence] === undefined) {
      message.parts[sequence] = chunk.subarray(12);
      message.received++;
    }
    if (message.received < count) return { kind: "pending" };
    this.pending.delete(id);
    return { kind: "complete", payload: Buffer.concat(message.parts as Uint8Array[]) };
  }

  private expire(now: number): void {
    for (const [id, message] of this.pending) {
      if (now - message.firstSeen <= CHUNK_TIMEOUT_MS) break; // in insertion order: the rest are younger
      this.pending.delete(id);
      this.expired++;
    }
  }
}
