import type { IncomingMessage } from "../store/incoming-message.ts";
import { gelfDocument } from "./gelf-document.ts";
import type { OutputSender } from "./output-sender.ts";

/** Graylog's LoggingOutput: writes each message to the server's standard output after a prefix. */
export class StdoutSender implements OutputSender {
  constructor(private readonly prefix: string, private readonly write: (line: string) => void = console.log) {}

  send(messages: readonly IncomingMessage[]): void {
    for (const message of messages) this.write(`${this.prefix}${JSON.stringify(gelfDocument(message))}`);
  }

  close(): void {}
}
