import { rawParser } from "../../import/raw.ts";
import { decoded, type DecodeResult, type InputCodec, malformed } from "./input-codec.ts";

const text = new TextDecoder();

/** Raw/Plaintext: the frame is the message, its source the sender's address, its time the time of receipt. */
export class RawCodec implements InputCodec {
  decode(frame: Uint8Array, remoteIp: string, now: number): DecodeResult {
    const parsed = rawParser.parse(text.decode(frame).replace(/[\r\n\0]+$/, ""), { year: 0, now, defaultSource: remoteIp });
    if (!parsed.ok) return malformed(parsed.reason);
    parsed.message.remoteIp = remoteIp;
    return decoded(parsed.message);
  }
}
