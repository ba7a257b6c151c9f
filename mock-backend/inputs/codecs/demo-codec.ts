import type { IncomingMessage } from "../../store/incoming-message.ts";
import { decoded, type DecodeResult, type InputCodec, malformed } from "./input-codec.ts";

const text = new TextDecoder();

/** The demo input's frames: one generated message as JSON (mock-backend/demo-traffic.ts writes them). */
export class DemoCodec implements InputCodec {
  decode(frame: Uint8Array, remoteIp: string): DecodeResult {
    try {
      const message = JSON.parse(text.decode(frame)) as IncomingMessage;
      message.remoteIp = remoteIp;
      return decoded(message);
    } catch (error) {
      return malformed(`not a demo message: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
