import { syslogParser } from "../../import/syslog.ts";
import { decoded, type DecodeResult, type InputCodec, malformed } from "./input-codec.ts";

export interface SyslogCodecOptions {
  /** Keep the whole received line in full_message (Graylog's store_full_message). */
  storeFullMessage: boolean;
  /** Take the timestamp the sender wrote; otherwise the time of receipt (Graylog's allow_override_date). */
  allowOverrideDate: boolean;
}

const text = new TextDecoder();

/** Syslog RFC 3164 and RFC 5424; a message without a host gets the sender's address as its source. */
export class SyslogCodec implements InputCodec {
  constructor(private readonly options: SyslogCodecOptions) {}

  decode(frame: Uint8Array, remoteIp: string, now: number): DecodeResult {
    const line = text.decode(frame).replace(/[\r\n\0]+$/, "");
    const parsed = syslogParser.parse(line, { year: new Date(now).getUTCFullYear(), now, defaultSource: remoteIp });
    if (!parsed.ok) return malformed(parsed.reason);
    const message = parsed.message;
    if (!this.options.allowOverrideDate) message.timestamp = now;
    if (this.options.storeFullMessage) message.fullMessage = line;
    message.remoteIp = remoteIp;
    return decoded(message);
  }
}
