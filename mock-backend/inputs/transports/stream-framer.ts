import { Buffer } from "node:buffer";

/** How frames are delimited on a stream connection. */
export type StreamFraming =
  /** Each frame ends with a NUL byte (GELF TCP; Syslog/Raw TCP with "use null delimiter"). */
  | "nul"
  /** Each frame ends with a newline (Raw and Syslog TCP by default). */
  | "newline"
  /** RFC 6587: a frame starting with `LENGTH SP` is octet-counted, any other ends with a newline (Syslog TCP). */
  | "octet_counting_or_newline"
  /** As above, with NUL in place of the newline. */
  | "octet_counting_or_nul";

const NUL = 0x00;
const NEWLINE = 0x0a;
const OCTET_COUNT = /^([1-9]\d{0,8}) /;

/** Splits one connection's bytes into frames; frames longer than the limit are dropped and reported. */
export class StreamFramer {
  private pending: Buffer = Buffer.alloc(0);
  /** Skipping the rest of an over-long frame up to its delimiter. */
  private discarding = false;

  constructor(
    private readonly framing: StreamFraming,
    private readonly maxFrameBytes: number,
    private readonly onFrame: (frame: Buffer) => void,
    private readonly onMalformed: (reason: string) => void,
  ) {}

  push(chunk: Uint8Array): void {
    // A view, not a copy: a connection's chunks are new buffers each read, and frames are decoded as they are cut.
    this.pending = this.pending.length === 0
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : Buffer.concat([this.pending, chunk]);
    let start = 0;
    const buffer = this.pending;
    const delimiter = this.framing === "nul" || this.framing === "octet_counting_or_nul" ? NUL : NEWLINE;
    const counted = this.framing === "octet_counting_or_newline" || this.framing === "octet_counting_or_nul";
    while (start < buffer.length) {
      if (this.discarding) {
        const end = buffer.indexOf(delimiter, start);
        if (end < 0) {
          start = buffer.length;
          break;
        }
        this.discarding = false;
        start = end + 1;
        continue;
      }
      if (counted && buffer[start] >= 0x31 && buffer[start] <= 0x39) {
        const head = OCTET_COUNT.exec(buffer.subarray(start, start + 11).toString("latin1"));
        if (head) {
          const length = Number(head[1]);
          if (length > this.maxFrameBytes) {
            this.onMalformed(`frame of ${length} bytes is longer than the maximum of ${this.maxFrameBytes}`);
            this.pending = Buffer.alloc(0);
            this.discarding = true;
            return;
          }
          const bodyStart = start + head[0].length;
          if (buffer.length - bodyStart < length) break;
          this.onFrame(buffer.subarray(bodyStart, bodyStart + length));
          start = bodyStart + length;
          // A trailing delimiter after a counted frame is tolerated.
          if (buffer[start] === delimiter) start++;
          continue;
        }
      }
      const end = buffer.indexOf(delimiter, start);
      if (end < 0) {
        if (buffer.length - start > this.maxFrameBytes) {
          this.onMalformed(`frame longer than the maximum of ${this.maxFrameBytes} bytes`);
          this.discarding = true;
          start = buffer.length;
        }
        break;
      }
      if (end - start > this.maxFrameBytes) {
        this.onMalformed(`frame longer than the maximum of ${this.maxFrameBytes} bytes`);
      } else if (end > start) {
        this.onFrame(buffer.subarray(start, end));
      }
      start = end + 1;
    }
    this.pending = start >= buffer.length ? Buffer.alloc(0) : buffer.subarray(start);
  }

  /** The connection closed: a last frame without its delimiter still counts. */
  end(): void {
    if (!this.discarding && this.pending.length > 0) this.onFrame(this.pending);
    this.pending = Buffer.alloc(0);
  }
}
