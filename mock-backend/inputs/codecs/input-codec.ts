import type { IncomingMessage } from "../../store/incoming-message.ts";

/** What a codec made of one frame. */
export type DecodeResult =
  | { kind: "message"; message: IncomingMessage }
  /** Dropped, with the reason the input shows. */
  | { kind: "malformed"; reason: string }
  /** A part of a message (a GELF chunk): nothing to store yet. */
  | { kind: "pending" };

/** Turns a transport's frames into messages (Graylog's codecs: GELF, Syslog, Raw). */
export interface InputCodec {
  decode(frame: Uint8Array, remoteIp: string, now: number): DecodeResult;
}

export const malformed = (reason: string): DecodeResult => ({ kind: "malformed", reason });
export const decoded = (message: IncomingMessage): DecodeResult => ({ kind: "message", message });
