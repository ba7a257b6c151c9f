import type { IncomingMessage } from "../store/incoming-message.ts";

/** A running output: forwards the messages of the streams it is attached to. */
export interface OutputSender {
  /** Called once per batch with the messages routed to one of its streams; never blocks the ingest. */
  send(messages: readonly IncomingMessage[]): void;
  close(): void;
}
