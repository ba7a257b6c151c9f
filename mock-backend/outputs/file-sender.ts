import { createWriteStream, type WriteStream } from "node:fs";
import type { IncomingMessage } from "../store/incoming-message.ts";
import type { OutputSender } from "./output-sender.ts";

/** One message as the file output writes it: its time in ISO 8601 UTC, then its fields under their Graylog names. */
export function messageLine(message: IncomingMessage): string {
  const document: Record<string, unknown> = {
    timestamp: new Date(message.timestamp).toISOString(),
    source: message.source,
    message: message.message,
  };
  if (message.fullMessage !== undefined) document.full_message = message.fullMessage;
  if (message.level !== undefined) document.level = message.level;
  if (message.facility !== undefined) document.facility = message.facility;
  for (const [name, value] of Object.entries(message.fields ?? {})) document[name] = value;
  return `${JSON.stringify(document)}\n`;
}

/**
 * The file output: appends one JSON line per message to a file, opened (created when missing) when the first
 * message comes. Writes are buffered by the stream, so the ingest never waits on the disk; a file that cannot be
 * written drops what it was given, as an unreachable GELF receiver does.
 */
export class FileSender implements OutputSender {
  private file: WriteStream | null = null;

  constructor(private readonly path: string) {}

  send(messages: readonly IncomingMessage[]): void {
    if (messages.length === 0) return;
    this.stream().write(messages.map(messageLine).join(""));
  }

  close(): void {
    this.file?.end();
    this.file = null;
  }

  private stream(): WriteStream {
    if (!this.file || this.file.destroyed) {
      const file = createWriteStream(this.path, { flags: "a" });
      file.on("error", () => {
        file.destroy();
        if (this.file === file) this.file = null;
      });
      this.file = file;
    }
    return this.file;
  }
}
