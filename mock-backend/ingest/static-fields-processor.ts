import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/** A field an input adds to every message it receives (Graylog's input static fields). */
export interface StaticField {
  name: string;
  value: string;
}

/**
 * The input's static fields, added to each message that does not have the field already (Graylog's
 * StaticFieldFilter does not overwrite either). An input without static fields leaves its messages as they are.
 */
export class StaticFieldsProcessor implements BatchProcessor {
  readonly kind = "static_fields";
  readonly javaScriptWork: string | null;

  constructor(private readonly fields: readonly StaticField[]) {
    this.javaScriptWork = fields.length > 0 ? `the input's static fields (${fields.map((f) => f.name).join(", ")})` : null;
  }

  process(batch: MessageBatch): void {
    if (this.fields.length === 0) return;
    for (const message of batch.messages) {
      const own = message.fields ??= {};
      for (const field of this.fields) {
        if (own[field.name] === undefined) own[field.name] = field.value;
      }
    }
  }
}
