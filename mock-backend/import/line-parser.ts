import type { IncomingMessage } from "../store/incoming-message.ts";

/** What a parser knows besides the line: the year for timestamps without one, the import time, a source. */
export interface ParseContext {
  /** Year of RFC 3164 timestamps, which have none. */
  year: number;
  /** Import time (UTC ms): the timestamp of lines that carry none. */
  now: number;
  /** `source` of lines that name no host. */
  defaultSource: string;
}

/** A parsed line, or why it was rejected (the reason groups rejects in the import report, so keep it short). */
export type ParseResult = { ok: true; message: IncomingMessage } | { ok: false; reason: string };

/** Turns one line of a log file into a message. */
export interface LineParser {
  description: string;
  parse(line: string, context: ParseContext): ParseResult;
}

export const reject = (reason: string): ParseResult => ({ ok: false, reason });
export const accept = (message: IncomingMessage): ParseResult => ({ ok: true, message });
