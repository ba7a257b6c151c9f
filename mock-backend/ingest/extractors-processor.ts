import type { IncomingMessage } from "../store/incoming-message.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/** An extractor of an input: reads the message and sets fields (the extractor types come with the inputs). */
export interface Extractor {
  readonly title: string;
  apply(message: IncomingMessage): void;
}

/** The input's extractors, in their order, on every message; an input without extractors passes messages on as they are. */
export class ExtractorsProcessor implements BatchProcessor {
  readonly kind = "extractors";
  readonly javaScriptWork: string | null;

  constructor(private readonly extractors: readonly Extractor[]) {
    this.javaScriptWork = extractors.length > 0
      ? `the input's extractors (${extractors.map((extractor) => extractor.title).join(", ")})`
      : null;
  }

  process(batch: MessageBatch): void {
    if (this.extractors.length === 0) return;
    for (const message of batch.messages) {
      for (const extractor of this.extractors) extractor.apply(message);
    }
  }
}
