import type { ConditionType, ExtractorSummary } from "../../api/schemas/extractors.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { Extractor } from "../ingest/extractors-processor.ts";
import type { FieldValue, IncomingMessage } from "../store/incoming-message.ts";
import { type Convert, CONVERTER_KINDS } from "./converter-kinds.ts";
import { type Extract, EXTRACTOR_KINDS, type ExtractorContext } from "./extractor-kinds.ts";

/** The extractor's counters, read back in its summary. */
export interface ExtractorCounters {
  exceptions: number;
  converterExceptions: number;
  conditionHits: number;
  conditionMisses: number;
}

/**
 * An extractor ready for the ingest chain: checks its condition on the source field, extracts, converts, writes
 * the target field(s), and with the cut strategy removes what it extracted from the source. A failing
 * extraction counts as an exception and leaves the message as it was.
 */
export class CompiledExtractor implements Extractor {
  readonly title: string;
  private readonly extract: Extract;
  private readonly converters: Convert[];
  private readonly condition: (value: string) => boolean;

  constructor(private readonly summary: ExtractorSummary, context: ExtractorContext, readonly counters: ExtractorCounters) {
    this.title = summary.title;
    this.extract = EXTRACTOR_KINDS[summary.type](summary.extractor_config, context);
    this.converters = summary.converters.map((converter) => CONVERTER_KINDS[converter.type](converter.config, context));
    this.condition = conditionOf(summary.condition_type, summary.condition_value);
    if (!["json", "grok"].includes(summary.type) && summary.target_field === "") {
      throw new EntityValidationError("target_field must not be empty");
    }
  }

  apply(message: IncomingMessage): void {
    const source = read(message, this.summary.source_field);
    if (source === undefined) return;
    const text = String(source);
    if (!this.condition(text)) {
      this.counters.conditionMisses++;
      return;
    }
    this.counters.conditionHits++;
    let extraction;
    try {
      extraction = this.extract(text);
    } catch {
      this.counters.exceptions++;
      return;
    }
    if (!extraction) return;
    if (extraction.fields) {
      for (const [name, value] of Object.entries(extraction.fields)) write(message, name, value);
    }
    if (extraction.value !== null) {
      let value: FieldValue = extraction.value;
      for (const convert of this.converters) {
        try {
          const converted = convert(value);
          if (!converted) continue;
          if ("fields" in converted) for (const [name, field] of Object.entries(converted.fields)) write(message, name, field);
          else value = converted.value;
        } catch {
          this.counters.converterExceptions++;
        }
      }
      write(message, this.summary.target_field, value);
    }
    if (this.summary.cursor_strategy === "cut" && extraction.span && this.summary.source_field !== this.summary.target_field) {
      const [start, end] = extraction.span;
      const rest = text.slice(0, start) + text.slice(end);
      // Graylog keeps a message whose whole text was cut as "fullyCutByExtractor".
      write(message, this.summary.source_field, rest === "" && this.summary.source_field === "message" ? "fullyCutByExtractor" : rest);
    }
  }
}

function conditionOf(type: ConditionType, value: string): (text: string) => boolean {
  switch (type) {
    case "none":
      return () => true;
    case "string":
      return (text) => text.includes(value);
    case "regex": {
      let regex: RegExp;
      try {
        regex = new RegExp(value);
      } catch (error) {
        throw new EntityValidationError(`condition_value is not a valid regular expression: ${(error as Error).message}`);
      }
      return (text) => regex.test(text);
    }
  }
}

function read(message: IncomingMessage, field: string): FieldValue | undefined {
  switch (field) {
    case "message":
      return message.message;
    case "source":
      return message.source;
    case "full_message":
      return message.fullMessage;
    default:
      return message.fields?.[field];
  }
}

function write(message: IncomingMessage, field: string, value: FieldValue): void {
  switch (field) {
    case "message":
      message.message = String(value);
      return;
    case "source":
      message.source = String(value);
      return;
    case "full_message":
      message.fullMessage = String(value);
      return;
    case "timestamp": {
      // A date converter's value (or epoch milliseconds) becomes the message's time; anything else is ignored.
      const time = typeof value === "number" ? value : Date.parse(String(value));
      if (Number.isFinite(time)) message.timestamp = time;
      return;
    }
    default:
      (message.fields ??= {})[field] = value;
  }
}
